/// The page's style sheet: system fonts, colours whose text passes 4.5:1, and layouts that
/// wrap rather than run past a phone's width or text at 200 %.
extension ReportPage {
  static let style = """
    :root { --ink: #1b1b1b; --muted: #4a4a4a; --line: #767676; --paper: #ffffff; --band: #eef2f7;
      --accent: #0b57a4; --scrub: #f3d9a4; --warn: #8a3b00; font-size: 100%; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
    .skip { position: absolute; left: -999rem; } .skip:focus { left: 1rem; top: 1rem; background: #fff; }
    header { padding: 1rem; border-bottom: 1px solid var(--line); }
    h1 { font-size: 1.5rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
    .subtitle { font-weight: normal; color: var(--muted); }
    nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
    a { color: var(--accent); }
    main { padding: 0 1rem 2rem; max-width: 80rem; }
    section { margin-top: 1.5rem; }
    h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); }
    .figures { display: flex; flex-wrap: wrap; gap: .5rem; }
    .figures div { border: 1px solid var(--line); border-radius: .25rem; padding: .25rem .5rem; min-width: 8rem; }
    .figures dt { color: var(--muted); font-size: .875rem; } .figures dd { margin: 0; font-size: 1.25rem; }
    .tables { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 1rem; margin-top: 1rem; }
    p, li, dd, dt, th, td, caption, figcaption, option { overflow-wrap: anywhere; }
    table { border-collapse: collapse; } caption { text-align: left; font-weight: bold; }
    th, td { padding: .125rem .5rem; border-bottom: 1px solid #d0d0d0; text-align: left; }
    td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
    .scroll { overflow-x: auto; max-width: 100%; }
    th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0; color: var(--accent); cursor: pointer; }
    tbody tr.selected { background: var(--band); }
    .controls { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: .5rem 0; }
    button, select, input { font: inherit; max-width: 100%; }
    button { border: 1px solid var(--accent); color: var(--accent); background: #fff; border-radius: .25rem; padding: .125rem .5rem; }
    button:focus-visible, select:focus-visible, input:focus-visible, svg:focus-visible { outline: 3px solid #c25100; outline-offset: 2px; }
    #scrubber { flex: 1 1 10rem; min-width: 8rem; }
    #control-view, #compare-a, #compare-b { width: 100%; max-width: 36rem; height: auto; background: var(--band); border-radius: .5rem; display: block; }
    .timeline-box { width: 100%; overflow: hidden; }
    #timeline { width: 100%; height: 16rem; display: block; background: #fff; border: 1px solid #d0d0d0; touch-action: none; }
    .charts { display: flex; flex-wrap: wrap; gap: 1rem; }
    .chart { flex: 1 1 20rem; max-width: 36rem; }
    .chart svg { width: 100%; height: auto; display: block; }
    .legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .875rem; margin: 0; padding: 0; list-style: none; }
    .swatch { display: inline-block; width: .75rem; height: .75rem; margin-right: .25rem; vertical-align: middle; }
    #lint li.warning { color: var(--warn); }
    """
}
