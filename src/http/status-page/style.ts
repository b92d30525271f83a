/** The status page's stylesheet; follows the reader's light or dark preference. */
export const statusStyle = `:root {
  color-scheme: light dark;
  --bg: #fafafa; --fg: #1c1c1c; --muted: #6b6b6b; --line: #ddd; --card: #fff;
  --ok: #2e7d32; --bad: #c62828; --warn: #ef6c00; --mark: #fff59d;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #111; --fg: #e6e6e6; --muted: #9a9a9a; --line: #333; --card: #1b1b1b; --mark: #665c00; }
}
body { margin: 0; background: var(--bg); color: var(--fg); }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; padding: .75rem 1rem;
  border-bottom: 1px solid var(--line); background: var(--card); position: sticky; top: 0; }
h1 { font-size: 1.2rem; margin: 0; }
nav a { margin-right: 1rem; color: inherit; }
main { padding: 0 1rem 2rem; max-width: 1200px; }
section { margin-top: 1.5rem; }
h2 { font-size: 1.1rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 1rem 0 .5rem; }
h4 { margin: .75rem 0 .25rem; }
table { border-collapse: collapse; width: 100%; background: var(--card); }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
table.kv th { width: 12rem; font-weight: 600; }
td.num { text-align: right; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
pre { white-space: pre-wrap; word-break: break-word; margin: .25rem 0; }
.note { color: var(--muted); font-size: .9em; }
.error { color: var(--bad); }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .85em; color: #fff; background: var(--muted); }
.badge.ok { background: var(--ok); }
.badge.bad { background: var(--bad); }
.badge.warn { background: var(--warn); }
tr.unavailable { opacity: .65; }
td.tool { width: 45%; }
td.tool pre { white-space: pre; overflow-x: auto; max-height: 24rem; }
input[type=search] { width: min(28rem, 100%); padding: .3rem .5rem; margin-bottom: .5rem; }
.turn { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--ok); padding: .5rem .75rem; margin: .5rem 0; }
.turn.failed { border-left-color: var(--bad); }
.turn p { margin: .25rem 0; }
.said { font-weight: 600; }
.calls { margin: .25rem 0; padding-left: 1.25rem; }
.call { margin: .35rem 0; }
.argline .label { color: var(--muted); }
.repairs { margin: .15rem 0; padding-left: 1.1rem; color: var(--muted); font-size: .9em; }
mark { background: var(--mark); color: inherit; padding: 0 .1rem; }
.result { color: var(--muted); }
`;
