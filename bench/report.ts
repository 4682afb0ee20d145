/** The bench report: lines printed and kept for bench/results/latest.md, and the JSON data. */

export const lines: string[] = [];
export const json: Record<string, unknown> = {};
export const out = (line = ""): void => {
  console.log(line);
  lines.push(line);
};
export const fmt = (value: number, digits = 2): string =>
  Number.isFinite(value) ? value.toFixed(digits) : "–";
export const ratio = (a: number, b: number): string => `${fmt(a / b)}×`;
export const table = (head: string[], rows: string[][]): void => {
  out(`| ${head.join(" | ")} |`);
  out(`| ${head.map((_h, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`);
  for (const row of rows) out(`| ${row.join(" | ")} |`);
  out();
};
