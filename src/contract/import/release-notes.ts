import * as v from 'valibot';
import { RELEASE_NOTE_CATEGORIES, type ReleaseNoteItem } from '../release-notes';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text';
import { dateCell, importColumns, required, textCell } from './cells';

/*
 * Import kind `release-notes`: What's new? (spec 1 §1), one row per HomeSite release by version, with its items.
 */

export const RELEASE_NOTE_ITEM_MAX = 500;
export const RELEASE_NOTE_ITEMS_MAX = 100;

const ITEM_LINE = new RegExp(`^(${RELEASE_NOTE_CATEGORIES.join('|')})\\s*:\\s*(.+)$`, 'i');
const ITEM_MESSAGE = `Must be written "<category>: <text>", the category one of ${RELEASE_NOTE_CATEGORIES.join(', ')}.`;

/** One item: "New: text" (any case), or in JSON Lines also { "category": "New", "text": "…" }. */
function itemOf(value: unknown): ReleaseNoteItem | string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { category, text, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return `Has fields other than category and text: ${Object.keys(rest).join(', ')}.`;
    if (typeof category !== 'string' || typeof text !== 'string') return 'Must have a category and a text.';
    return itemOf(`${category}: ${text}`);
  }
  if (typeof value !== 'string') return ITEM_MESSAGE;
  const match = ITEM_LINE.exec(value.trim());
  if (!match) return ITEM_MESSAGE;
  const category = RELEASE_NOTE_CATEGORIES.find((name) => name.toLowerCase() === match[1]!.toLowerCase())!;
  const text = match[2]!.trim();
  if (CONTROL_CHARACTERS.test(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (text.length > RELEASE_NOTE_ITEM_MAX) return `Can be no longer than ${RELEASE_NOTE_ITEM_MAX} characters.`;
  return { category, text };
}

/**
 * The release's items in the order What's new? shows them: in CSV one cell with an item per line (a quoted cell may
 * span lines), blank lines dropped; in JSON Lines an array of such lines or of { category, text } objects.
 */
const itemsCell = v.pipe(
  v.unknown(),
  v.transform((value) =>
    typeof value === 'string'
      ? value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== '')
      : value,
  ),
  v.array(v.unknown(), 'Must be a list of items.'),
  v.minLength(1, 'A release needs at least one item.'),
  v.maxLength(RELEASE_NOTE_ITEMS_MAX, `Can have at most ${RELEASE_NOTE_ITEMS_MAX} items.`),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const items = dataset.value.map(itemOf);
    items.forEach((item, index) => {
      if (typeof item === 'string')
        addIssue({
          message: item,
          path: [{ type: 'array', origin: 'value', input: dataset.value, key: index, value: dataset.value[index] }],
        });
    });
    return items.every((item) => typeof item !== 'string') ? (items as ReleaseNoteItem[]) : NEVER;
  }),
);

const releaseNoteColumns = {
  /** e.g. 4.2.0. */
  version: required(textCell(20, { pattern: [/^[A-Za-z0-9][A-Za-z0-9.+-]*$/, 'Must be a version such as 4.2.0.'] })),
  releaseDate: required(dateCell),
  title: required(textCell(100)),
  summary: required(textCell(1000, { multiline: true })),
  items: required(itemsCell),
};

export const ReleaseNoteImportRow = v.object(releaseNoteColumns);
export type ReleaseNoteImportRow = v.InferOutput<typeof ReleaseNoteImportRow>;
export const RELEASE_NOTE_IMPORT_COLUMNS = importColumns(releaseNoteColumns);
