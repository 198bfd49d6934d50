// Word error rate: (substitutions + deletions + insertions) / words in the reference, after both
// sides are lower-cased and stripped of punctuation.
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
}

export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = words(reference);
  const hyp = words(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = (previous[j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return (previous[hyp.length] as number) / ref.length;
}
