/**
 * Small SVG illustrations of catalog parts: plain shapes and a label, no scripts, no external
 * references. The seed draws one per commodity and some per part; the placeholder is served for a
 * part without an image (spec 3 §3).
 */

export const GLYPHS = [
  'faucet',
  'toilet',
  'tub',
  'cabinet',
  'mirror',
  'door',
  'shelf',
  'fan',
  'counter',
  'sink',
  'knob',
  'roll',
  'pad',
  'strip',
  'outlet',
  'bulb',
  'breaker',
  'detector',
  'pipe',
  'heater',
  'valve',
  'siding',
  'shingle',
  'gutter',
  'vent',
  'window',
  'lock',
  'thermostat',
  'panel',
] as const;
export type Glyph = (typeof GLYPHS)[number];

const WIDTH = 160;
const HEIGHT = 120;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The shapes of each glyph, drawn in a 160 × 90 area above the label; `ink` is the main colour, `accent` the second. */
function glyphShapes(glyph: Glyph, ink: string, accent: string): string {
  switch (glyph) {
    case 'faucet':
      return `<rect x="70" y="58" width="20" height="20" fill="${ink}"/><path d="M80 58 V34 H112 V46" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/><rect x="66" y="26" width="28" height="8" rx="4" fill="${accent}"/>`;
    case 'toilet':
      return `<rect x="92" y="20" width="26" height="34" rx="4" fill="${ink}"/><ellipse cx="76" cy="58" rx="30" ry="10" fill="${accent}"/><path d="M54 60 Q62 84 84 84 L92 60 Z" fill="${ink}"/>`;
    case 'tub':
      return `<path d="M30 46 H130 V58 Q130 80 108 80 H52 Q30 80 30 58 Z" fill="${ink}"/><rect x="38" y="22" width="6" height="24" fill="${accent}"/><rect x="38" y="22" width="18" height="6" fill="${accent}"/>`;
    case 'cabinet':
      return `<rect x="42" y="18" width="76" height="66" rx="3" fill="${ink}"/><rect x="48" y="24" width="30" height="54" fill="${accent}"/><rect x="82" y="24" width="30" height="54" fill="${accent}"/><circle cx="74" cy="51" r="3" fill="${ink}"/><circle cx="86" cy="51" r="3" fill="${ink}"/>`;
    case 'mirror':
      return `<ellipse cx="80" cy="50" rx="30" ry="36" fill="${ink}"/><ellipse cx="80" cy="50" rx="24" ry="30" fill="${accent}"/><path d="M66 36 L76 30" stroke="#ffffff" stroke-width="3"/>`;
    case 'door':
      return `<rect x="56" y="12" width="48" height="74" fill="${ink}"/><rect x="62" y="18" width="36" height="28" fill="${accent}"/><rect x="62" y="52" width="36" height="28" fill="${accent}"/><circle cx="94" cy="50" r="3" fill="#ffffff"/>`;
    case 'shelf':
      return `<rect x="36" y="30" width="88" height="6" fill="${ink}"/><rect x="36" y="60" width="88" height="6" fill="${ink}"/><rect x="44" y="14" width="12" height="16" fill="${accent}"/><rect x="60" y="18" width="10" height="12" fill="${accent}"/><rect x="96" y="44" width="18" height="16" fill="${accent}"/>`;
    case 'fan':
      return `<circle cx="80" cy="46" r="8" fill="${ink}"/><path d="M80 46 L40 34 Q36 42 42 48 Z M80 46 L120 58 Q124 50 118 44 Z M80 46 L72 84 Q80 88 86 82 Z" fill="${accent}"/><rect x="78" y="10" width="4" height="28" fill="${ink}"/>`;
    case 'counter':
      return `<rect x="24" y="34" width="112" height="12" fill="${ink}"/><rect x="30" y="46" width="100" height="36" fill="${accent}"/><rect x="36" y="52" width="40" height="24" fill="${ink}" opacity="0.35"/><rect x="84" y="52" width="40" height="24" fill="${ink}" opacity="0.35"/>`;
    case 'sink':
      return `<rect x="30" y="30" width="100" height="14" rx="3" fill="${ink}"/><path d="M40 44 H120 L112 76 H48 Z" fill="${accent}"/><circle cx="80" cy="66" r="4" fill="${ink}"/>`;
    case 'knob':
      return `<circle cx="56" cy="48" r="16" fill="${ink}"/><circle cx="56" cy="48" r="6" fill="${accent}"/><rect x="86" y="40" width="44" height="14" rx="7" fill="${ink}"/><rect x="92" y="44" width="32" height="6" rx="3" fill="${accent}"/>`;
    case 'roll':
      return `<rect x="40" y="30" width="80" height="40" fill="${ink}"/><ellipse cx="40" cy="50" rx="10" ry="20" fill="${accent}"/><ellipse cx="40" cy="50" rx="4" ry="8" fill="${ink}"/><path d="M120 70 L140 82 H60 L40 70 Z" fill="${accent}"/>`;
    case 'pad':
      return `<path d="M24 62 L60 40 H136 L100 62 Z" fill="${ink}"/><path d="M24 62 V72 L100 72 V62 Z" fill="${accent}"/><path d="M100 62 L136 40 V50 L100 72 Z" fill="${accent}" opacity="0.7"/>`;
    case 'strip':
      return `<path d="M20 62 L40 42 H120 L140 62 Z" fill="${ink}"/><rect x="20" y="62" width="120" height="8" fill="${accent}"/>`;
    case 'outlet':
      return `<rect x="54" y="14" width="52" height="72" rx="6" fill="${ink}"/><rect x="66" y="26" width="28" height="20" rx="6" fill="${accent}"/><rect x="66" y="54" width="28" height="20" rx="6" fill="${accent}"/>`;
    case 'bulb':
      return `<circle cx="80" cy="40" r="24" fill="${accent}"/><rect x="70" y="62" width="20" height="18" fill="${ink}"/><path d="M72 40 L80 50 L88 40" fill="none" stroke="${ink}" stroke-width="3"/>`;
    case 'breaker':
      return `<rect x="46" y="12" width="68" height="76" rx="4" fill="${ink}"/>${[20, 36, 52, 68].map((y) => `<rect x="56" y="${y}" width="22" height="10" fill="${accent}"/><rect x="82" y="${y}" width="22" height="10" fill="${accent}"/>`).join('')}`;
    case 'detector':
      return `<circle cx="80" cy="48" r="34" fill="${ink}"/><circle cx="80" cy="48" r="24" fill="${accent}"/><circle cx="80" cy="48" r="4" fill="#d33"/>`;
    case 'pipe':
      return `<rect x="20" y="40" width="70" height="16" fill="${ink}"/><rect x="86" y="36" width="12" height="24" fill="${accent}"/><rect x="92" y="14" width="16" height="70" fill="${ink}"/>`;
    case 'heater':
      return `<rect x="52" y="12" width="56" height="74" rx="20" fill="${ink}"/><rect x="70" y="30" width="20" height="26" rx="3" fill="${accent}"/><rect x="76" y="4" width="8" height="10" fill="${accent}"/>`;
    case 'valve':
      return `<rect x="24" y="48" width="112" height="14" fill="${ink}"/><circle cx="80" cy="55" r="14" fill="${accent}"/><rect x="77" y="20" width="6" height="24" fill="${ink}"/><rect x="62" y="16" width="36" height="8" rx="4" fill="${accent}"/>`;
    case 'siding':
      return [18, 34, 50, 66].map((y) => `<rect x="24" y="${y}" width="112" height="14" fill="${y % 32 === 18 ? ink : accent}"/>`).join('');
    case 'shingle':
      return `<path d="M20 80 L80 20 L140 80 Z" fill="${ink}"/>${[44, 58, 72].map((y) => `<rect x="${100 - y}" y="${y}" width="${(y - 20) * 2}" height="3" fill="${accent}"/>`).join('')}`;
    case 'gutter':
      return `<path d="M20 30 H120 V42 Q120 50 112 50 H28 Q20 50 20 42 Z" fill="${ink}"/><rect x="104" y="50" width="14" height="36" fill="${accent}"/>`;
    case 'vent':
      return `<rect x="36" y="22" width="88" height="56" rx="4" fill="${ink}"/>${[30, 42, 54, 66].map((y) => `<rect x="44" y="${y}" width="72" height="5" fill="${accent}"/>`).join('')}`;
    case 'window':
      return `<rect x="44" y="14" width="72" height="72" fill="${ink}"/><rect x="50" y="20" width="28" height="28" fill="${accent}"/><rect x="82" y="20" width="28" height="28" fill="${accent}"/><rect x="50" y="52" width="28" height="28" fill="${accent}"/><rect x="82" y="52" width="28" height="28" fill="${accent}"/>`;
    case 'lock':
      return `<path d="M64 44 V32 Q64 16 80 16 Q96 16 96 32 V44" fill="none" stroke="${accent}" stroke-width="8"/><rect x="54" y="42" width="52" height="42" rx="6" fill="${ink}"/><circle cx="80" cy="60" r="6" fill="${accent}"/>`;
    case 'thermostat':
      return `<rect x="50" y="16" width="60" height="68" rx="10" fill="${ink}"/><circle cx="80" cy="46" r="18" fill="${accent}"/><rect x="66" y="70" width="28" height="6" rx="3" fill="${accent}"/>`;
    case 'panel':
      return `<rect x="30" y="16" width="48" height="70" fill="${ink}"/><rect x="82" y="16" width="48" height="70" fill="${accent}"/>`;
  }
}

export interface IllustrationInput {
  glyph: Glyph;
  /** The label under the picture (cut to fit). */
  label: string;
  /** Background, main and accent colours (#rrggbb). */
  colors: readonly [string, string, string];
}

export function catalogIllustration({ glyph, label, colors: [background, ink, accent] }: IllustrationInput): string {
  const text = label.length > 26 ? `${label.slice(0, 25)}…` : label;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(label)}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="10" fill="${background}"/>`,
    glyphShapes(glyph, ink, accent),
    `<text x="80" y="108" font-family="Arial, Helvetica, sans-serif" font-size="11" text-anchor="middle" fill="${ink}">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}

/** spec 3 §3: what a part without an image shows. */
export const PLACEHOLDER_SVG = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="No image">`,
  `<rect width="${WIDTH}" height="${HEIGHT}" rx="10" fill="#eef0f3"/>`,
  '<rect x="48" y="22" width="64" height="52" rx="4" fill="none" stroke="#a3abb8" stroke-width="4"/>',
  '<circle cx="66" cy="38" r="6" fill="#a3abb8"/><path d="M52 70 L74 48 L88 60 L96 52 L108 70 Z" fill="#a3abb8"/>',
  '<text x="80" y="104" font-family="Arial, Helvetica, sans-serif" font-size="11" text-anchor="middle" fill="#6b7482">No image</text>',
  '</svg>',
].join('');
