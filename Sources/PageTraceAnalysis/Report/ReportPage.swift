/// The HTML, styles and script of a ``Report``: one file that opens from `file://`, fetching
/// nothing. The script draws everything from the data embedded in it
/// (`<script type="application/json" id="report-data">`), so the figures are the tool's.
///
/// The address's fragment moves the page for links and tests: `#session=K&t=T` opens session
/// `K` (its place in the table of sessions, from 0) with the player at trace time `T`;
/// `#check` adds a layout check (`#layout-check`: overflow and overlapping boxes), `text=2`
/// sets the text to twice its size, and `keys=ArrowRight,…` presses keys in the player.
enum ReportPage {
  static func html(title: String, data: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>PageTrace report: \(title)</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    <a class="skip" href="#main">Skip to the report</a>
    <header>
    <h1>PageTrace report <span class="subtitle">\(title)</span></h1>
    <nav aria-label="Sections"><ul>
    <li><a href="#overview">Overview</a></li><li><a href="#sessions">Sessions</a></li>
    <li><a href="#session">Player and timeline</a></li><li><a href="#strokes">Strokes</a></li>
    </ul></nav>
    </header>
    <main id="main">
    <section id="overview" aria-labelledby="overview-title">
    <h2 id="overview-title">Overview</h2>
    <p id="inputs"></p>
    <dl id="figures" class="figures"></dl>
    <div class="tables">
    <table id="by-cause"><caption>Transitions by cause</caption><thead><tr><th scope="col">Cause</th><th scope="col">Transitions</th></tr></thead><tbody></tbody></table>
    <table id="by-class"><caption>Strokes by class</caption><thead><tr><th scope="col">Class</th><th scope="col">Strokes</th></tr></thead><tbody></tbody></table>
    <table id="by-page"><caption>Time on each page</caption><thead><tr><th scope="col">Page</th><th scope="col">Seconds</th></tr></thead><tbody></tbody></table>
    </div>
    <h3>Guideline findings</h3>
    <ul id="lint"></ul>
    </section>
    <section id="sessions" aria-labelledby="sessions-title">
    <h2 id="sessions-title">Sessions</h2>
    <p><label for="filter">Filter sessions</label> <input id="filter" type="search" placeholder="file or session name"></p>
    <div class="scroll"><table id="session-table"><caption id="sessions-note"></caption><thead><tr></tr></thead><tbody></tbody></table></div>
    </section>
    <section id="session" aria-labelledby="session-title">
    <h2 id="session-title">Player and timeline</h2>
    <p><label for="session-select">Session</label> <select id="session-select"></select></p>
    <p id="session-note"></p>
    <div id="player" role="group" aria-label="Player">
    <svg id="control-view" role="img" aria-label="The page control" viewBox="0 0 360 120"></svg>
    <div class="controls">
    <button id="play" type="button">Play</button>
    <button id="prev" type="button" aria-label="Previous transition">&#9664; Transition</button>
    <button id="next" type="button" aria-label="Next transition">Transition &#9654;</button>
    <label for="speed">Speed</label>
    <select id="speed"><option value="0.25">&frac14;&times;</option><option value="0.5">&frac12;&times;</option><option value="1" selected>1&times;</option><option value="2">2&times;</option><option value="4">4&times;</option></select>
    <label for="scrubber">Time</label>
    <input id="scrubber" type="range" min="0" max="10000" step="1" value="0">
    <output id="clock" for="scrubber">0.000 s</output>
    </div>
    <p id="page-status" aria-live="polite"></p>
    <p id="state-status"></p>
    </div>
    <div class="controls" role="group" aria-label="Timeline zoom">
    <button id="zoom-in" type="button">Zoom in</button>
    <button id="zoom-out" type="button">Zoom out</button>
    <button id="zoom-all" type="button">Whole session</button>
    </div>
    <div class="timeline-box"><svg id="timeline" tabindex="0" role="img" aria-label="Timeline: finger and page over time. Arrow keys pan, plus and minus zoom, a click moves the player."></svg></div>
    <p id="timeline-note"></p>
    </section>
    <section id="what-if" aria-labelledby="what-if-title" hidden>
    <h2 id="what-if-title">What if</h2>
    <p id="what-if-note"></p>
    <div id="what-if-charts" class="charts"></div>
    <div class="scroll"><table id="what-if-table"><caption>Every combination</caption><thead><tr></tr></thead><tbody></tbody></table></div>
    </section>
    <section id="differences" aria-labelledby="differences-title" hidden>
    <h2 id="differences-title">Differences</h2>
    <p id="differences-note"></p>
    <div class="scroll"><table id="difference-table"><caption>What A and B did differently</caption><thead><tr><th scope="col" class="n">Seconds</th><th scope="col">File</th><th scope="col">Session</th><th scope="col">What</th><th scope="col">A</th><th scope="col">B</th><th scope="col">Compare</th></tr></thead><tbody></tbody></table></div>
    <div id="comparer" role="group" aria-label="A and B side by side" hidden>
    <p id="comparer-note"></p>
    <div class="charts">
    <figure class="chart"><figcaption id="a-caption">A</figcaption><svg id="compare-a" role="img" aria-label="The page control under A" viewBox="0 0 360 120"></svg><p id="a-status" aria-live="polite"></p></figure>
    <figure class="chart"><figcaption id="b-caption">B</figcaption><svg id="compare-b" role="img" aria-label="The page control under B" viewBox="0 0 360 120"></svg><p id="b-status" aria-live="polite"></p></figure>
    </div>
    <div class="controls">
    <button id="compare-prev" type="button" aria-label="Previous difference">&#9664; Difference</button>
    <button id="compare-next" type="button" aria-label="Next difference">Difference &#9654;</button>
    <label for="compare-time">Time</label>
    <input id="compare-time" type="range" min="0" max="10000" step="1" value="0">
    <output id="compare-clock" for="compare-time"></output>
    </div>
    </div>
    </section>
    <section id="strokes" aria-labelledby="strokes-title">
    <h2 id="strokes-title">Strokes</h2>
    <div id="histograms" class="charts"></div>
    </section>
    </main>
    <pre id="layout-check" hidden></pre>
    <script type="application/json" id="report-data">\(data)</script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }
}
