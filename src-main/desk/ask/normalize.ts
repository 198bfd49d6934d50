// One way of comparing words for the ask feature: case, accents, punctuation and spacing do not
// count, so a model that writes ’ for ', drops a comma or changes a capital still quotes the same
// words. Letters and digits must be the same, in the same order.

/** Lower case, accents, apostrophes and punctuation gone, one space between words, none at the ends. */
export function normalizeWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // An apostrophe joins its word ("it’s" reads as "its"): models drop and swap them freely.
    .replace(/['’ʼ‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of `text`, normalized. */
export const wordsOf = (text: string): string[] => {
  const normalized = normalizeWords(text);
  return normalized === '' ? [] : normalized.split(' ');
};
