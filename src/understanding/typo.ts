/** How many edits a name of this length may carry and still be recognised: none for short words. */
export function allowedEdits(name: string): number {
  return name.length >= 8 ? 2 : name.length >= 5 ? 1 : 0;
}
