/**
 * The 1-based line of each `[[name]]` array-of-tables header, in order: the i-th entry of the parsed
 * array stands at the i-th line returned. One linear pass; smol-toml keeps no positions.
 */
export function arrayTableLines(text: string, name: string): number[] {
  const header = `[[${name}]]`;
  const lines: number[] = [];
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    // Headers may be indented and carry a trailing comment; anything else starting with `[[` is another table.
    let i = start;
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    if (text.startsWith(header, i)) lines.push(lineNo);
    start = end + 1;
  }
  return lines;
}
