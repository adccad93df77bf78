import { createHash } from 'node:crypto';
import { catalogIllustration, type Glyph } from '../../parts-catalog/illustrations';
import type { Database } from '../client';
import { insertRows, insertRowsReturningIds } from './bulk';
import * as t from '../schema';
import { PLANT_USER_FACILITIES, demoUserName } from './demo-users';
import { daysBefore } from './days';
import type { Random } from './random';
import { PLANTS } from './shell';

/** A part of the corporate master: its friendly name, the plant system's corporate wording and its unit. */
type Base = readonly [friendly: string, corporate: string, unitOfMeasure: string];

interface CommoditySeed {
  commodityNumber: string;
  description: string;
  glyph: Glyph;
  bases: readonly Base[];
  /** Sub-parts: finishes, sizes or colours of every base part. */
  variants: readonly string[];
}

interface CategorySeed {
  categoryNumber: string;
  description: string;
  colors: readonly [string, string, string];
  commodities: readonly CommoditySeed[];
}

const FINISHES = ['Chrome', 'Brushed Nickel', 'Oil-Rubbed Bronze', 'Matte Black'];
const WHITES = ['White', 'Bone', 'Almond', 'Biscuit'];
const WOODS = ['Oak', 'Cherry', 'White Shaker', 'Espresso'];

/** The corporate parts master: categories of spec 3 §3 with their commodities, about 400 parts in all. */
export const CATALOG: readonly CategorySeed[] = [
  {
    categoryNumber: '10',
    description: 'Bathroom',
    colors: ['#e6f1f8', '#2f6690', '#8fc1e3'],
    commodities: [
      {
        commodityNumber: '110',
        description: 'Faucets & Showerheads',
        glyph: 'faucet',
        variants: FINISHES,
        bases: [
          ['Single-handle lavatory faucet', 'FCT LAV 1-HDL', 'EA'],
          ['Two-handle lavatory faucet', 'FCT LAV 2-HDL 4IN', 'EA'],
          ['Tub and shower valve trim kit', 'TRIM KIT TUB/SHWR', 'KT'],
          ['Fixed showerhead 1.8 GPM', 'SHWRHD FIXED 1.8', 'EA'],
          ['Handheld shower wand', 'SHWR WAND HANDHELD', 'EA'],
        ],
      },
      {
        commodityNumber: '120',
        description: 'Toilets & Seats',
        glyph: 'toilet',
        variants: WHITES,
        bases: [
          ['Round-front toilet bowl', 'BOWL TLT RND', 'EA'],
          ['Elongated toilet bowl', 'BOWL TLT ELONG', 'EA'],
          ['Toilet tank 1.28 GPF', 'TANK TLT 1.28GPF', 'EA'],
          ['Toilet seat, slow close', 'SEAT TLT SLOW CLS', 'EA'],
        ],
      },
      {
        commodityNumber: '130',
        description: 'Tubs & Showers',
        glyph: 'tub',
        variants: ['54 in', '60 in'],
        bases: [
          ['Fiberglass garden tub', 'TUB GARDEN FBG', 'EA'],
          ['Tub-shower combo unit', 'TUB/SHWR COMBO FBG', 'EA'],
          ['Shower door, bypass', 'DR SHWR BYPASS', 'EA'],
          ['Tub drain and overflow kit', 'DRAIN KIT TUB W/OVFL', 'KT'],
        ],
      },
      {
        commodityNumber: '140',
        description: 'Vanities & Tops',
        glyph: 'cabinet',
        variants: WOODS,
        bases: [
          ['Vanity base, 30 in', 'VAN BASE 30', 'EA'],
          ['Vanity base, 48 in', 'VAN BASE 48', 'EA'],
          ['Cultured marble vanity top', 'TOP VAN CULT MRBL', 'EA'],
          ['Vanity door', 'DR VAN', 'EA'],
        ],
      },
      {
        commodityNumber: '150',
        description: 'Mirrors & Accessories',
        glyph: 'mirror',
        variants: FINISHES,
        bases: [
          ['Vanity mirror, frameless', 'MIRR VAN FRMLS', 'EA'],
          ['Towel bar, 24 in', 'BAR TOWEL 24', 'EA'],
          ['Toilet paper holder', 'HLDR TP', 'EA'],
          ['Medicine cabinet, surface mount', 'MED CAB SURF', 'EA'],
        ],
      },
    ],
  },
  {
    categoryNumber: '20',
    description: 'Bedroom',
    colors: ['#f3eefa', '#5b3f8c', '#b9a3e0'],
    commodities: [
      {
        commodityNumber: '210',
        description: 'Closet Doors',
        glyph: 'door',
        variants: ['24 x 80', '30 x 80', '36 x 80'],
        bases: [
          ['Bifold closet door', 'DR CLST BIFOLD', 'EA'],
          ['Bypass closet door', 'DR CLST BYPASS', 'EA'],
          ['Bifold door hardware kit', 'HDW KIT BIFOLD', 'KT'],
        ],
      },
      {
        commodityNumber: '220',
        description: 'Closet Shelving',
        glyph: 'shelf',
        variants: ['4 ft', '6 ft', '8 ft'],
        bases: [
          ['Wire closet shelf', 'SHLF WIRE CLST', 'EA'],
          ['Closet rod', 'ROD CLST', 'EA'],
          ['Shelf support brackets', 'BRKT SHLF SUPP', 'PR'],
        ],
      },
      {
        commodityNumber: '230',
        description: 'Ceiling Fans',
        glyph: 'fan',
        variants: ['White', 'Bronze'],
        bases: [
          ['Ceiling fan, 42 in', 'FAN CLG 42', 'EA'],
          ['Ceiling fan, 52 in with light', 'FAN CLG 52 W/LT', 'EA'],
          ['Fan light kit', 'LT KIT FAN', 'KT'],
        ],
      },
    ],
  },
  {
    categoryNumber: '30',
    description: 'Kitchen',
    colors: ['#fbf1e6', '#9c5518', '#f0b67f'],
    commodities: [
      {
        commodityNumber: '310',
        description: 'Faucets',
        glyph: 'faucet',
        variants: FINISHES,
        bases: [
          ['Single-handle kitchen faucet', 'FCT KIT 1-HDL', 'EA'],
          ['Pull-down kitchen faucet', 'FCT KIT PULL-DN', 'EA'],
          ['Kitchen faucet side sprayer', 'SPRAYER SIDE KIT', 'EA'],
          ['Faucet aerator', 'AERATOR FCT', 'EA'],
        ],
      },
      {
        commodityNumber: '320',
        description: 'Cabinet Doors',
        glyph: 'cabinet',
        variants: WOODS,
        bases: [
          ['Base cabinet door, 12 in', 'DR CAB BASE 12', 'EA'],
          ['Base cabinet door, 15 in', 'DR CAB BASE 15', 'EA'],
          ['Wall cabinet door, 12 x 30', 'DR CAB WALL 12X30', 'EA'],
          ['Drawer front', 'FRT DRWR', 'EA'],
          ['Sink base false front', 'FRT FALSE SINK BASE', 'EA'],
        ],
      },
      {
        commodityNumber: '330',
        description: 'Countertops',
        glyph: 'counter',
        variants: ['Butcher Block', 'Granite Look', 'Slate'],
        bases: [
          ['Laminate countertop, per foot', 'CTOP LAM', 'LF'],
          ['Countertop end cap', 'CAP END CTOP', 'EA'],
          ['Backsplash, 4 in', 'BSPLASH 4IN', 'LF'],
          ['Countertop seam kit', 'KIT SEAM CTOP', 'KT'],
        ],
      },
      {
        commodityNumber: '340',
        description: 'Sinks',
        glyph: 'sink',
        variants: ['Stainless', 'White'],
        bases: [
          ['Double-bowl kitchen sink', 'SINK KIT DBL', 'EA'],
          ['Single-bowl kitchen sink', 'SINK KIT SGL', 'EA'],
          ['Basket strainer', 'STRAINER BASKET', 'EA'],
          ['Sink clip set', 'CLIP SET SINK', 'SET'],
        ],
      },
      {
        commodityNumber: '350',
        description: 'Cabinet Hardware',
        glyph: 'knob',
        variants: FINISHES,
        bases: [
          ['Cabinet knob', 'KNOB CAB', 'EA'],
          ['Cabinet pull, 3 in', 'PULL CAB 3IN', 'EA'],
          ['Concealed hinge, 1/2 in overlay', 'HINGE CONC 1/2 OVL', 'PR'],
          ['Drawer slide set', 'SLIDE DRWR', 'SET'],
        ],
      },
    ],
  },
  {
    categoryNumber: '40',
    description: 'Carpet',
    colors: ['#eef6ea', '#3f7d2c', '#a7d38f'],
    commodities: [
      {
        commodityNumber: '410',
        description: 'Carpet',
        glyph: 'roll',
        variants: ['Sandstone', 'Harbor Gray', 'Mocha', 'Oatmeal'],
        bases: [
          ['Cut-pile carpet', 'CPT CUT PILE', 'SF'],
          ['Berber carpet', 'CPT BERBER', 'SF'],
          ['Frieze carpet', 'CPT FRIEZE', 'SF'],
        ],
      },
      {
        commodityNumber: '420',
        description: 'Pad',
        glyph: 'pad',
        variants: ['6 lb', '8 lb'],
        bases: [
          ['Rebond carpet pad, 7/16 in', 'PAD REBOND 7/16', 'SF'],
          ['Moisture-barrier pad', 'PAD MOIST BARR', 'SF'],
        ],
      },
      {
        commodityNumber: '430',
        description: 'Transition Strips',
        glyph: 'strip',
        variants: ['Gold', 'Silver', 'Oak'],
        bases: [
          ['Carpet-to-vinyl transition', 'STRIP TRANS CPT/VNL', 'EA'],
          ['Carpet gripper strip', 'STRIP GRIPPER', 'LF'],
          ['Stair nose', 'NOSE STAIR', 'EA'],
        ],
      },
    ],
  },
  {
    categoryNumber: '50',
    description: 'Electrical',
    colors: ['#fdf8e3', '#8a6d00', '#f2d24b'],
    commodities: [
      {
        commodityNumber: '510',
        description: 'Receptacles & Switches',
        glyph: 'outlet',
        variants: ['White', 'Almond'],
        bases: [
          ['Duplex receptacle, 15 A', 'RCPT DPLX 15A', 'EA'],
          ['GFCI receptacle, 20 A', 'RCPT GFCI 20A', 'EA'],
          ['Single-pole switch', 'SW 1-POLE', 'EA'],
          ['Three-way switch', 'SW 3-WAY', 'EA'],
          ['Cover plate', 'PLATE COVER', 'EA'],
        ],
      },
      {
        commodityNumber: '520',
        description: 'Light Fixtures',
        glyph: 'bulb',
        variants: ['White', 'Brushed Nickel'],
        bases: [
          ['Flush-mount ceiling light', 'FIXT CLG FLUSH', 'EA'],
          ['Vanity light bar, 3 light', 'FIXT VAN BAR 3LT', 'EA'],
          ['Porch light', 'FIXT PORCH', 'EA'],
          ['LED light bulb, A19', 'BULB LED A19', 'EA'],
        ],
      },
      {
        commodityNumber: '530',
        description: 'Breakers & Panels',
        glyph: 'breaker',
        variants: ['15 A', '20 A', '30 A'],
        bases: [
          ['Single-pole breaker', 'BRKR 1-POLE', 'EA'],
          ['Double-pole breaker', 'BRKR 2-POLE', 'EA'],
          ['AFCI breaker', 'BRKR AFCI', 'EA'],
        ],
      },
      {
        commodityNumber: '540',
        description: 'Smoke Detectors',
        glyph: 'detector',
        variants: ['Hardwired', 'Battery'],
        bases: [
          ['Smoke alarm', 'ALARM SMOKE', 'EA'],
          ['Smoke and CO alarm', 'ALARM SMOKE/CO', 'EA'],
        ],
      },
    ],
  },
  {
    categoryNumber: '60',
    description: 'Plumbing',
    colors: ['#e7f4f4', '#1d6b6b', '#7cc7c7'],
    commodities: [
      {
        commodityNumber: '610',
        description: 'Supply Lines & Fittings',
        glyph: 'pipe',
        variants: ['1/2 in', '3/4 in'],
        bases: [
          ['PEX pipe', 'PIPE PEX', 'FT'],
          ['PEX crimp ring', 'RING CRIMP PEX', 'BG'],
          ['Faucet supply line, 20 in', 'LINE SUPPLY FCT 20', 'EA'],
          ['Toilet supply line, 12 in', 'LINE SUPPLY TLT 12', 'EA'],
          ['Brass elbow', 'ELBOW BRASS', 'EA'],
        ],
      },
      {
        commodityNumber: '620',
        description: 'Drain & Waste',
        glyph: 'pipe',
        variants: ['1-1/2 in', '2 in', '3 in'],
        bases: [
          ['ABS drain pipe', 'PIPE ABS DRAIN', 'FT'],
          ['P-trap', 'TRAP P', 'EA'],
          ['ABS cement', 'CEMENT ABS', 'TB'],
        ],
      },
      {
        commodityNumber: '630',
        description: 'Water Heaters',
        glyph: 'heater',
        variants: ['30 gal', '40 gal'],
        bases: [
          ['Electric water heater', 'WTR HTR ELEC', 'EA'],
          ['Water heater element, 4500 W', 'ELEM WTR HTR 4500W', 'EA'],
          ['Water heater thermostat', 'TSTAT WTR HTR', 'EA'],
          ['T&P relief valve', 'VALVE T&P RELIEF', 'EA'],
        ],
      },
      {
        commodityNumber: '640',
        description: 'Valves',
        glyph: 'valve',
        variants: ['1/2 in', '3/4 in'],
        bases: [
          ['Main shut-off valve', 'VALVE SHUTOFF MAIN', 'EA'],
          ['Angle stop valve', 'VALVE ANGLE STOP', 'EA'],
          ['Washer box valve set', 'VALVE WSHR BOX', 'SET'],
        ],
      },
    ],
  },
  {
    categoryNumber: '70',
    description: 'Exterior',
    colors: ['#f1f1ee', '#4d4d3f', '#b4b49a'],
    commodities: [
      {
        commodityNumber: '710',
        description: 'Siding & Trim',
        glyph: 'siding',
        variants: ['Clay', 'Pebble', 'Sage', 'White'],
        bases: [
          ['Vinyl lap siding panel', 'SIDING VNL LAP', 'EA'],
          ['Vinyl starter strip', 'STRIP STARTER VNL', 'LF'],
          ['Outside corner post', 'POST CORNER OUTSIDE', 'EA'],
          ['J-channel', 'CHANNEL J', 'LF'],
        ],
      },
      {
        commodityNumber: '720',
        description: 'Roofing',
        glyph: 'shingle',
        variants: ['Weathered Wood', 'Charcoal', 'Driftwood'],
        bases: [
          ['Architectural shingles', 'SHINGLE ARCH', 'BX'],
          ['Ridge cap shingles', 'SHINGLE RIDGE CAP', 'BX'],
          ['Roof sealant', 'SEALANT ROOF', 'TB'],
          ['Drip edge', 'EDGE DRIP', 'EA'],
        ],
      },
      {
        commodityNumber: '730',
        description: 'Gutters & Downspouts',
        glyph: 'gutter',
        variants: ['White', 'Brown'],
        bases: [
          ['Gutter, 10 ft', 'GUTTER 10FT', 'EA'],
          ['Downspout, 10 ft', 'DNSPT 10FT', 'EA'],
          ['Gutter end cap', 'CAP END GUTTER', 'EA'],
          ['Downspout elbow', 'ELBOW DNSPT', 'EA'],
        ],
      },
      {
        commodityNumber: '740',
        description: 'Skirting & Vents',
        glyph: 'vent',
        variants: ['Clay', 'White'],
        bases: [
          ['Vinyl skirting panel', 'SKIRT PANEL VNL', 'EA'],
          ['Skirting vent', 'VENT SKIRT', 'EA'],
          ['Skirting rail kit', 'KIT RAIL SKIRT', 'KT'],
        ],
      },
    ],
  },
  {
    categoryNumber: '80',
    description: 'Doors & Windows',
    colors: ['#fbeceb', '#8e2c25', '#eb958d'],
    commodities: [
      {
        commodityNumber: '810',
        description: 'Exterior Doors',
        glyph: 'door',
        variants: ['32 x 76', '36 x 76'],
        bases: [
          ['Six-panel steel entry door', 'DR EXT STL 6-PNL', 'EA'],
          ['Fan-lite entry door', 'DR EXT FAN LITE', 'EA'],
          ['Storm door', 'DR STORM', 'EA'],
          ['Door sweep', 'SWEEP DR', 'EA'],
        ],
      },
      {
        commodityNumber: '820',
        description: 'Interior Doors',
        glyph: 'door',
        variants: ['24 x 76', '28 x 76', '30 x 76'],
        bases: [
          ['Hollow-core interior door, prehung', 'DR INT HC PREHUNG', 'EA'],
          ['Interior door slab', 'DR INT SLAB', 'EA'],
          ['Pocket door kit', 'KIT DR POCKET', 'KT'],
        ],
      },
      {
        commodityNumber: '830',
        description: 'Windows',
        glyph: 'window',
        variants: ['30 x 40', '30 x 54', '36 x 54'],
        bases: [
          ['Single-hung window', 'WDW SGL HUNG', 'EA'],
          ['Insulated glass unit', 'IGU', 'EA'],
          ['Window balance', 'BALANCE WDW', 'PR'],
          ['Window sash lock', 'LOCK SASH WDW', 'EA'],
        ],
      },
      {
        commodityNumber: '840',
        description: 'Locks & Hardware',
        glyph: 'lock',
        variants: FINISHES,
        bases: [
          ['Entry lockset', 'LOCKSET ENTRY', 'SET'],
          ['Deadbolt', 'DEADBOLT', 'EA'],
          ['Passage lever', 'LEVER PASSAGE', 'SET'],
          ['Privacy lever', 'LEVER PRIVACY', 'SET'],
          ['Strike plate', 'PLATE STRIKE', 'EA'],
        ],
      },
      {
        commodityNumber: '850',
        description: 'Screens & Storm',
        glyph: 'window',
        variants: ['30 x 40', '36 x 54'],
        bases: [
          ['Window screen', 'SCREEN WDW', 'EA'],
          ['Screen spline', 'SPLINE SCREEN', 'RL'],
        ],
      },
    ],
  },
  {
    categoryNumber: '90',
    description: 'HVAC',
    colors: ['#ecf0f7', '#334e7d', '#9fb4da'],
    commodities: [
      {
        commodityNumber: '910',
        description: 'Registers & Grilles',
        glyph: 'vent',
        variants: ['4 x 10', '4 x 12', '6 x 12'],
        bases: [
          ['Floor register', 'REG FLOOR', 'EA'],
          ['Ceiling register', 'REG CLG', 'EA'],
          ['Return air grille', 'GRILLE RETURN AIR', 'EA'],
        ],
      },
      {
        commodityNumber: '920',
        description: 'Thermostats',
        glyph: 'thermostat',
        variants: ['White'],
        bases: [
          ['Programmable thermostat', 'TSTAT PROG', 'EA'],
          ['Manual thermostat', 'TSTAT MANUAL', 'EA'],
          ['Thermostat wire', 'WIRE TSTAT 18/5', 'FT'],
        ],
      },
      {
        commodityNumber: '930',
        description: 'Ductwork',
        glyph: 'pipe',
        variants: ['12 in', '14 in'],
        bases: [
          ['Flexible crossover duct', 'DUCT FLEX XOVER', 'EA'],
          ['Duct collar', 'COLLAR DUCT', 'EA'],
          ['Foil duct tape', 'TAPE FOIL DUCT', 'RL'],
          ['Duct strap', 'STRAP DUCT', 'RL'],
        ],
      },
    ],
  },
  {
    categoryNumber: '95',
    description: 'Interior Finish',
    colors: ['#f5f0ea', '#6b4f35', '#d3b897'],
    commodities: [
      {
        commodityNumber: '951',
        description: 'Wall Panels & Drywall',
        glyph: 'panel',
        variants: ['Linen', 'Dove White', 'Greige'],
        bases: [
          ['Vinyl-on-gypsum wall panel', 'PANEL VOG 4X8', 'SH'],
          ['Batten strip', 'STRIP BATTEN', 'LF'],
          ['Touch-up paint', 'PAINT TOUCH-UP', 'GAL'],
        ],
      },
      {
        commodityNumber: '952',
        description: 'Trim & Molding',
        glyph: 'strip',
        variants: ['White', 'Oak'],
        bases: [
          ['Baseboard, 3-1/4 in', 'BASE 3-1/4', 'LF'],
          ['Door casing', 'CASING DR', 'LF'],
          ['Crown molding', 'MOLD CROWN', 'LF'],
          ['Quarter round', 'QTR ROUND', 'LF'],
        ],
      },
      {
        commodityNumber: '953',
        description: 'Vinyl Flooring',
        glyph: 'pad',
        variants: ['Rustic Oak', 'Gray Slate', 'Hickory'],
        bases: [
          ['Sheet vinyl flooring', 'FLR VNL SHEET', 'SF'],
          ['Luxury vinyl plank', 'FLR LVP', 'BX'],
          ['Vinyl flooring adhesive', 'ADH FLR VNL', 'GAL'],
        ],
      },
    ],
  },
];

const CORPORATE_ABBREVIATIONS: Record<string, string> = {
  Chrome: 'CHR',
  'Brushed Nickel': 'BN',
  'Oil-Rubbed Bronze': 'ORB',
  White: 'WHT',
  Bone: 'BNE',
  Almond: 'ALM',
  Oak: 'OAK',
  Cherry: 'CHY',
  'White Shaker': 'WHT SHKR',
  'Matte Black': 'MBLK',
  Biscuit: 'BSC',
  Espresso: 'ESP',
  Stainless: 'SS',
  Bronze: 'BRZ',
  Silver: 'SLV',
  Gold: 'GLD',
  Brown: 'BRN',
};
const corporateVariant = (variant: string) => CORPORATE_ABBREVIATIONS[variant] ?? variant.toUpperCase();

/** A part of the master: one base in one variant (its sub-part). */
export interface MasterPart {
  index: number;
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  subPartNumber: string;
  subPartDescription: string;
  friendlyDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
  glyph: Glyph;
  colors: readonly [string, string, string];
}

export function masterParts(): MasterPart[] {
  const parts: MasterPart[] = [];
  for (const category of CATALOG) {
    for (const commodity of category.commodities) {
      for (const [friendly, corporate, unitOfMeasure] of commodity.bases) {
        commodity.variants.forEach((variant, variantIndex) => {
          const index = parts.length;
          parts.push({
            index,
            categoryNumber: category.categoryNumber,
            commodityNumber: commodity.commodityNumber,
            partNumber: String(20_011 + index * 7),
            subPartNumber: String(variantIndex + 1).padStart(2, '0'),
            subPartDescription: variant,
            friendlyDescription: `${friendly}, ${variant.toLowerCase()}`,
            corporateDescription: `${corporate} ${corporateVariant(variant)}`.slice(0, 40),
            unitOfMeasure,
            glyph: commodity.glyph,
            colors: category.colors,
          });
        });
      }
    }
  }
  return parts;
}

/**
 * Parts of the corporate list that no plant's catalog holds (yet): a contractor pack of every base part, each a
 * sub-part of its own. With the parts each plant left out, they are what the Add Part modal offers.
 */
export function corporateOnlyParts(): MasterPart[] {
  const parts: MasterPart[] = [];
  for (const category of CATALOG) {
    for (const commodity of category.commodities) {
      for (const [friendly, corporate, unitOfMeasure] of commodity.bases) {
        parts.push({
          index: parts.length,
          categoryNumber: category.categoryNumber,
          commodityNumber: commodity.commodityNumber,
          partNumber: String(60_013 + parts.length * 7),
          subPartNumber: String(commodity.variants.length + 1).padStart(2, '0'),
          subPartDescription: 'Contractor pack',
          friendlyDescription: `${friendly}, contractor pack`,
          corporateDescription: `${corporate} CPK`.slice(0, 40),
          unitOfMeasure,
          glyph: commodity.glyph,
          colors: category.colors,
        });
      }
    }
  }
  return parts;
}

const commodityImageName = (categoryNumber: string, commodityNumber: string) => `commodity-${categoryNumber}-${commodityNumber}.svg`;
const partImageName = (part: MasterPart) => `part-${part.categoryNumber}${part.commodityNumber}${part.partNumber}.svg`;
/** Every fifth part of the master has its own picture; the rest show their commodity's or the placeholder. */
const hasOwnImage = (part: MasterPart) => part.index % 5 === 0;

const NOTES = [
  'Fits homes built 2019 and later.',
  'Order by the sub-part for the finish.',
  'Ships from the plant warehouse.',
  'Replaces the earlier part number.',
  'Check the label inside the cabinet door.',
];
const CORPORATE_USER = 'Corporate catalog import';

function svgImage(fileName: string, svg: string): typeof t.catalogImages.$inferInsert {
  const data = new Uint8Array(Buffer.from(svg, 'utf8'));
  return { fileName, contentType: 'image/svg+xml', sha256: createHash('sha256').update(data).digest('hex'), data };
}

type CatalogInsert = typeof t.partsCatalog.$inferInsert;
type HistoryInsert = typeof t.partsCatalogHistory.$inferInsert;

/** What a seeded catalog row stands for, so that its change history can be told (spec 3 §3 Change history item). */
type RowStory = 'approved' | 'pending-new' | 'approved-with-change' | 'pending-change' | 'replaced' | 'replacing' | 'declined';

const REVIEW_COMMENTS = [
  'Wording matches the plant label.',
  'Approved for the service catalog.',
  'Picture checked against the part.',
  'Looks good.',
];
const DECLINE_COMMENTS = [
  'Use the corporate wording for this part.',
  'Image does not show the part.',
  'Duplicate of an existing catalog part.',
];
const HOUR_MS = 3_600_000;

/**
 * The approved parts catalog of every plant (spec 3 §3, §4): most of the master's parts, mostly approved
 * and active; some pending (new, or a change of an approved part), some with an older inactive version,
 * a few declined; a few approved parts without a friendly description (spec 3 §5). Images: one SVG per
 * commodity and one for every fifth part.
 */
export async function seedPartsCatalog(db: Database, random: Random, today: Date) {
  await insertRows(
    db,
    t.catalogCategories,
    CATALOG.map(({ categoryNumber, description }) => ({ categoryNumber, description })),
  );
  await insertRows(
    db,
    t.catalogCommodities,
    CATALOG.flatMap((category) =>
      category.commodities.map((commodity) => ({
        categoryNumber: category.categoryNumber,
        commodityNumber: commodity.commodityNumber,
        description: commodity.description,
        imageFilename: commodityImageName(category.categoryNumber, commodity.commodityNumber),
      })),
    ),
  );

  const master = masterParts();
  const images = [
    ...CATALOG.flatMap((category) =>
      category.commodities.map((commodity) =>
        svgImage(
          commodityImageName(category.categoryNumber, commodity.commodityNumber),
          catalogIllustration({ glyph: commodity.glyph, label: commodity.description, colors: category.colors }),
        ),
      ),
    ),
    ...master.filter(hasOwnImage).map((part) => {
      const [background, ink, accent] = part.colors;
      return svgImage(
        partImageName(part),
        catalogIllustration({
          glyph: part.glyph,
          label: `${part.partNumber} ${part.subPartDescription}`,
          colors: [background, accent, ink],
        }),
      );
    }),
  ];
  await insertRows(db, t.catalogImages, images);

  const rows: CatalogInsert[] = [];
  const stories: RowStory[] = [];
  const push = (story: RowStory, row: CatalogInsert) => {
    rows.push(row);
    stories.push(story);
  };
  for (const plant of PLANTS) {
    const requester = (PLANT_USER_FACILITIES as readonly string[]).includes(plant.plantNumber)
      ? demoUserName('plant')
      : `catalog.${plant.plantNumber}@plant.homesite.test`;
    for (const part of master) {
      if (!random.chance(0.9)) continue;
      const approvedAt = daysBefore(today, random.int(120, 1_100));
      const base: CatalogInsert = {
        plantNumber: plant.plantNumber,
        categoryNumber: part.categoryNumber,
        commodityNumber: part.commodityNumber,
        partNumber: part.partNumber,
        subPartNumber: part.subPartNumber,
        subPartDescription: part.subPartDescription,
        notes: random.chance(0.1) ? random.pick(NOTES) : '',
        // spec 3 §5: an empty friendly description is read as unset (the corporate wording shows).
        friendlyDescription: random.chance(0.07) ? '' : part.friendlyDescription,
        corporateDescription: part.corporateDescription,
        unitOfMeasure: part.unitOfMeasure,
        imageFilename: hasOwnImage(part) ? partImageName(part) : '',
        approved: true,
        active: true,
        createdBy: CORPORATE_USER,
        createDate: approvedAt,
      };
      const pending = { approved: false, active: true, createdBy: requester, createDate: daysBefore(today, random.int(1, 40)) };
      const roll = random.next();
      if (roll < 0.05) {
        push('pending-new', { ...base, ...pending });
      } else if (roll < 0.09) {
        // An approved part with a change waiting for review.
        push('approved-with-change', base);
        push('pending-change', {
          ...base,
          ...pending,
          friendlyDescription: `${part.friendlyDescription} (plant stock)`,
          notes: 'Requested friendly wording for the plant.',
        });
      } else if (roll < 0.13) {
        // Approved over an older version, which went inactive (spec 3 §4).
        push('replaced', {
          ...base,
          friendlyDescription: part.friendlyDescription.replace(/, /, ' - '),
          active: false,
          createDate: daysBefore(approvedAt, random.int(60, 400)),
        });
        push('replacing', base);
      } else if (roll < 0.15) {
        push('declined', { ...base, ...pending, approved: false, active: false });
      } else {
        push('approved', base);
      }
    }
  }
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500)
    ids.push(...(await insertRowsReturningIds(db, t.partsCatalog, rows.slice(start, start + 500))));

  const corporate = [...master, ...corporateOnlyParts()];
  for (let start = 0; start < corporate.length; start += 500) {
    await insertRows(
      db,
      t.corporateParts,
      corporate.slice(start, start + 500).map((part) => ({
        categoryNumber: part.categoryNumber,
        commodityNumber: part.commodityNumber,
        partNumber: part.partNumber,
        subPartNumber: part.subPartNumber,
        subPartDescription: part.subPartDescription,
        corporateDescription: part.corporateDescription,
        unitOfMeasure: part.unitOfMeasure,
      })),
    );
  }

  const history = catalogHistory(rows, stories, ids, random);
  for (let start = 0; start < history.length; start += 500) await insertRows(db, t.partsCatalogHistory, history.slice(start, start + 500));
  return {
    catalogCategories: CATALOG.length,
    catalogCommodities: CATALOG.reduce((sum, category) => sum + category.commodities.length, 0),
    catalogParts: rows.length,
    catalogImages: images.length,
    corporateParts: corporate.length,
    catalogHistory: history.length,
  };
}

/**
 * The change history the seeded rows tell (spec 3 §3, §4): every pending part has its open request; an approved
 * version that replaced an older one was an approved request; a declined part a declined one. The demo plant user's
 * facilities (910, 931) get every state the change management screens and revert rules meet: reverted requests
 * (back in the pending list), approved new parts, and approved requests that can no longer be reverted (the part
 * replaced since, or a new change pending).
 */
function catalogHistory(
  rows: readonly CatalogInsert[],
  stories: readonly RowStory[],
  ids: readonly number[],
  random: Random,
): HistoryInsert[] {
  const history: HistoryInsert[] = [];
  const demoPlant = (plantNumber: string) => (PLANT_USER_FACILITIES as readonly string[]).includes(plantNumber);
  const reviewerOf = (plantNumber: string) => (demoPlant(plantNumber) ? demoUserName('plant') : 'catalog.review@homesite.test');
  const requesterOf = (plantNumber: string) =>
    demoPlant(plantNumber) ? demoUserName('plant') : `catalog.${plantNumber}@plant.homesite.test`;
  const hoursAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);
  let pendingChanges = 0;
  let approvedParts = 0;

  rows.forEach((row, index) => {
    const id = ids[index]!;
    const plantNumber = row.plantNumber;
    const createDate = row.createDate as Date;
    const request = { requestedPartsCatalogId: id, plantNumber, requestedByUser: requesterOf(plantNumber) };
    const reviewed = (approved: boolean, requestDate: Date, reviewDate: Date): HistoryInsert => ({
      ...request,
      requestDate,
      approved,
      reviewedBy: reviewerOf(plantNumber),
      reviewDate,
      comment: random.pick(approved ? REVIEW_COMMENTS : DECLINE_COMMENTS),
      rowVersion: 1,
    });
    switch (stories[index]) {
      case 'pending-new':
        history.push({ ...request, requestedByUser: row.createdBy ?? request.requestedByUser, requestDate: createDate });
        break;
      case 'pending-change': {
        const approvedId = ids[index - 1]!;
        pendingChanges += 1;
        if (demoPlant(plantNumber) && pendingChanges % 3 === 0) {
          // Approved once, then reverted: the older version is the part again and the change waits anew.
          const reviewDate = daysBefore(createDate, random.int(3, 20));
          history.push({
            ...reviewed(true, daysBefore(reviewDate, random.int(1, 5)), reviewDate),
            previousPartsCatalogId: approvedId,
            revertedDate: createDate,
            rowVersion: 2,
          });
        } else if (demoPlant(plantNumber)) {
          // The approved version came from an approved request; reverting it waits for the pending change.
          const approvedAt = rows[index - 1]!.createDate as Date;
          history.push({ ...reviewed(true, daysBefore(approvedAt, random.int(1, 6)), approvedAt), requestedPartsCatalogId: approvedId });
        }
        history.push({
          ...request,
          requestedByUser: row.createdBy ?? request.requestedByUser,
          previousPartsCatalogId: approvedId,
          requestDate: createDate,
        });
        break;
      }
      case 'replacing': {
        const replacedId = ids[index - 1]!;
        history.push({ ...reviewed(true, daysBefore(createDate, random.int(1, 10)), createDate), previousPartsCatalogId: replacedId });
        if (demoPlant(plantNumber)) {
          // The older version had been approved too; replaced since, its request can no longer be reverted.
          const olderAt = rows[index - 1]!.createDate as Date;
          history.push({ ...reviewed(true, daysBefore(olderAt, random.int(1, 10)), olderAt), requestedPartsCatalogId: replacedId });
        }
        break;
      }
      case 'declined':
        history.push(reviewed(false, createDate, hoursAfter(createDate, random.int(2, 72))));
        break;
      case 'approved':
        approvedParts += 1;
        // A few approved parts of the demo plants were added by the plant (no previous version).
        if (demoPlant(plantNumber) && approvedParts % 20 === 0)
          history.push(reviewed(true, daysBefore(createDate, random.int(1, 10)), createDate));
        break;
      default:
        break;
    }
  });
  return history;
}
