/** One occurrence of the searched text: in which text item of which page, at which characters. */
export interface TextMatch {
  pageNumber: number;
  /** Index in the page's text content items (what react-pdf's customTextRenderer calls itemIndex). */
  itemIndex: number;
  start: number;
  end: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every occurrence of `query` in the pages' text, in reading order, ignoring case; runs of spaces in the
 * query match any run of white space. `pages[n]` holds the strings of page n + 1's text items.
 */
export function findTextMatches(pages: readonly (readonly string[])[], query: string): TextMatch[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'giu');
  const matches: TextMatch[] = [];
  pages.forEach((items, pageIndex) => {
    items.forEach((text, itemIndex) => {
      for (const found of text.matchAll(pattern)) {
        if (found[0].length === 0) continue;
        matches.push({ pageNumber: pageIndex + 1, itemIndex, start: found.index, end: found.index + found[0].length });
      }
    });
  });
  return matches;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const MATCH_CLASS = 'pdf-viewer__match';
export const CURRENT_MATCH_CLASS = 'pdf-viewer__match--current';

/**
 * The HTML of one text item with its matches marked (for react-pdf's customTextRenderer, which sets it as
 * markup): the text is escaped, the current match gets its own class.
 */
export function markMatches(text: string, matches: readonly TextMatch[], current: TextMatch | undefined): string {
  if (matches.length === 0) return escapeHtml(text);
  let html = '';
  let position = 0;
  for (const match of [...matches].sort((a, b) => a.start - b.start)) {
    if (match.start < position) continue;
    const className = match === current ? `${MATCH_CLASS} ${CURRENT_MATCH_CLASS}` : MATCH_CLASS;
    html += `${escapeHtml(text.slice(position, match.start))}<mark class="${className}">${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    position = match.end;
  }
  return html + escapeHtml(text.slice(position));
}

/** The match after (step 1) or before (step -1) `index`, wrapping around; -1 when there are none. */
export function stepMatch(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}
