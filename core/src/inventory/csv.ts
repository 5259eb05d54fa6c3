/**
 * A small RFC 4180 reader (quoted fields with commas, line breaks and doubled quotes; CRLF or LF;
 * a leading BOM), linear in the input. The delimiter is the one the header line uses most
 * (`,`, `;` or a tab) outside quotes.
 */
export type TCsvResult = { ok: true; rows: string[][] } | { ok: false; message: string };

export function readCsv(input: string): TCsvResult {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  let quoteLine = 0;
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (isQuoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        isQuoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      isQuoted = true;
      quoteLine = line;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
    } else {
      field += c;
    }
    i += 1;
  }
  if (isQuoted) {
    return { ok: false, message: `Line ${quoteLine} opens a quoted field that never closes.` };
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { ok: true, rows: rows.filter((r) => r.length > 1 || (r[0] ?? '').trim() !== '') };
}

function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (c === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (c === '\n' || c === '\r')) break;
    else if (!isQuoted && c in counts) counts[c] = (counts[c] ?? 0) + 1;
  }
  let best = ',';
  let bestCount = 0;
  for (const [delimiter, count] of Object.entries(counts)) {
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}
