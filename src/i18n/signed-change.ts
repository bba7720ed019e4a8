/** A rating change as every text writes it, rounded: "+12", "−7" (a minus sign, U+2212), "±0". */
export function signedChange(change: number): string {
  const n = Math.round(change);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}
