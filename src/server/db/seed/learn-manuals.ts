import { rgb } from 'pdf-lib';
import { PAGE, PageWriter, addBandedPage, createPdf, drawPageNumber } from './pdf-pages';

/*
 * The demo Learn library (spec 3 §2 Learn): manuals for retail center and plant staff, in categories and
 * sub-categories, written out as real multi-page PDFs when the database is seeded (drawn by pdf-pages.ts, as Help's
 * are). Fixed dates and no random ids: the same bytes, hence the same ETag, on every seed.
 */

export type ManualBlock = { heading: string } | { paragraph: string } | { bullets: readonly string[] };

export interface Manual {
  displayName: string;
  fileName: string;
  pages: readonly (readonly ManualBlock[])[];
}

export interface ManualCategory {
  displayName: string;
  subCategories: readonly { displayName: string; manuals: readonly Manual[] }[];
}

const PUBLISHED = new Date('2026-02-02T12:00:00Z');

export const LEARN_LIBRARY: readonly ManualCategory[] = [
  {
    displayName: 'Installation and Setup',
    subCategories: [
      {
        displayName: 'Foundations and Anchoring',
        manuals: [
          {
            displayName: 'Pier and Footing Layout Guide',
            fileName: 'Pier-and-Footing-Layout-Guide.pdf',
            pages: [
              [
                { heading: 'Before the home arrives' },
                {
                  paragraph:
                    'A level, well-drained site is the start of every good installation. Confirm the soil bearing capacity with the local authority or a soil test before you size the footings: the pier spacing in the installation manual assumes the capacity you enter on the site checklist.',
                },
                {
                  bullets: [
                    'Grade the site so water runs away from the home, at least 1 inch per foot for the first 10 feet.',
                    'Remove organic material, sod and roots under every footing.',
                    'Mark the main beam lines and the marriage line with string before digging.',
                  ],
                },
                { heading: 'Footing sizes' },
                {
                  paragraph:
                    'Footings are sized from the load each pier carries and the soil capacity. For 1,500 psf soil, a 16 x 16 inch footing supports a single-stack pier at the standard 6 foot spacing along the I-beams. Frost-line depth comes first: a footing must sit below it in every county where one applies.',
                },
              ],
              [
                { heading: 'Pier spacing' },
                {
                  bullets: [
                    'Main beam piers: no more than 6 feet apart, the first within 2 feet of each end.',
                    'Marriage line piers: at each end of every opening wider than 48 inches, and under every column point marked on the floor.',
                    'Perimeter piers: beside exterior doors, sliding glass doors and bay windows.',
                  ],
                },
                {
                  paragraph:
                    'Double-stacked concrete blocks must be interlocked and capped with a solid cap block and hardwood shims driven in pairs. Piers taller than 80 inches need an engineered design.',
                },
                { heading: 'Record what you built' },
                {
                  paragraph:
                    'Write the footing size, pier height and the serial number of the home on the installation certificate. Service requests about floors, doors that stick or drywall cracks are answered first from this record.',
                },
              ],
            ],
          },
          {
            displayName: 'Anchoring and Tie-Down Requirements',
            fileName: 'Anchoring-and-Tie-Down-Requirements.pdf',
            pages: [
              [
                { heading: 'Wind zones' },
                {
                  paragraph:
                    'The data plate inside the home names its wind zone (I, II or III). The anchoring plan must meet that zone or the stricter local rule. Homes built for Wind Zone I may not be sited in Zones II or III.',
                },
                {
                  bullets: [
                    'Use ground anchors listed for the soil class found on site.',
                    "Install diagonal frame ties at the spacing in the manual for the home's zone and width.",
                    'Vertical ties are required over the sidewalls in Zones II and III.',
                  ],
                },
              ],
              [
                { heading: 'Tensioning and inspection' },
                {
                  paragraph:
                    'Tension straps only after the home is leveled and the piers are shimmed. Re-check the tension after 30 days and again after the first freeze-thaw season; soil settles and straps relax.',
                },
                {
                  bullets: [
                    'Keep straps free of sharp bends and protect them where they pass metal edges.',
                    'Replace any strap or anchor head that shows rust through the galvanizing.',
                    'Photograph the anchoring before skirting goes on and attach the photos to the delivery report.',
                  ],
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Utilities and Crossovers',
        manuals: [
          {
            displayName: 'Utility Connections Checklist',
            fileName: 'Utility-Connections-Checklist.pdf',
            pages: [
              [
                { heading: 'Water and drain' },
                {
                  bullets: [
                    'Pressure-test the water lines at 100 psi for 15 minutes before connecting the supply.',
                    'Support drain lines every 4 feet with a slope of at least 1/4 inch per foot.',
                    'Install heat tape listed for the pipe material where the lines are exposed to freezing.',
                  ],
                },
                { heading: 'Electrical' },
                {
                  paragraph:
                    "The feeder from the service pedestal must match the rating on the home's main panel. A licensed electrician makes the connection and the local inspector signs it off before power is turned on.",
                },
              ],
              [
                { heading: 'Gas and appliances' },
                {
                  paragraph:
                    'Convert gas appliances to propane only with the kits the manufacturer lists. Test every joint with a leak detector solution; never with a flame.',
                },
                { heading: 'Crossover ducts' },
                {
                  bullets: [
                    'Use the insulated flexible duct supplied with the home, as short and straight as it can be.',
                    'Seal both collars with mastic and support the duct clear of the ground.',
                    'Check the airflow at the farthest register after start-up.',
                  ],
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Multi-Section Homes',
        manuals: [
          {
            displayName: 'Marriage Line Close-Up',
            fileName: 'Marriage-Line-Close-Up.pdf',
            pages: [
              [
                { heading: 'Joining the sections' },
                {
                  paragraph:
                    "Pull the sections together with come-alongs until the floors, walls and ridge meet. Fasten the floor, the end walls and the ridge beam as the installation manual shows for the home's width.",
                },
                {
                  bullets: [
                    'Install the gasket along the full marriage line before the sections meet.',
                    'Check the floor for level across the line with a 6 foot level.',
                    'Fill any gap wider than 1/4 inch with shims before fastening.',
                  ],
                },
              ],
              [
                { heading: 'Finishing inside' },
                {
                  paragraph:
                    'Tape and finish the drywall seams, install the carpet seam and the trim packs shipped in the home. A crack that opens along the marriage line later points to a pier that settled: check the piers before refinishing.',
                },
                { heading: 'Roof' },
                {
                  paragraph:
                    'Install the ridge cap and the ridge vent from the ship-loose kit. Seal every fastener that passes through the roofing.',
                },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    displayName: 'Homeowner Care',
    subCategories: [
      {
        displayName: 'Maintenance',
        manuals: [
          {
            displayName: 'Seasonal Maintenance Calendar',
            fileName: 'Seasonal-Maintenance-Calendar.pdf',
            pages: [
              [
                { heading: 'Spring' },
                {
                  bullets: [
                    'Check the roof, the flashing and the sealant around vents and skylights.',
                    'Clean the gutters and the downspouts; make sure water runs away from the home.',
                    'Replace the furnace filter and have the air conditioner serviced.',
                  ],
                },
                { heading: 'Summer' },
                {
                  bullets: [
                    'Look under the home for standing water or loose insulation.',
                    'Re-caulk the tub, the shower and the kitchen sink where the bead has cracked.',
                  ],
                },
              ],
              [
                { heading: 'Fall' },
                {
                  bullets: [
                    'Check the anchoring straps and the piers; tighten what has relaxed.',
                    'Test the smoke and carbon monoxide alarms and replace the batteries.',
                    'Insulate exposed water lines and check the heat tape.',
                  ],
                },
                { heading: 'Winter' },
                {
                  bullets: [
                    'Keep the cabinet doors under sinks open on the coldest nights.',
                    'Clear snow from the roof when it is deeper than the roof load on the data plate allows.',
                  ],
                },
                {
                  paragraph:
                    'Give this calendar to every homeowner at delivery: most warranty calls about leaks come from sealant nobody renewed.',
                },
              ],
            ],
          },
          {
            displayName: 'Doors, Windows and Floors',
            fileName: 'Doors-Windows-and-Floors.pdf',
            pages: [
              [
                { heading: 'Doors that stick' },
                {
                  paragraph:
                    'A door that sticks or will not latch in the first year usually means the home has settled on its piers. Re-level the home before adjusting the door; adjusting first only hides the cause.',
                },
                { heading: 'Windows' },
                {
                  bullets: [
                    'Keep the weep holes at the bottom of the frame clear.',
                    'Lubricate the tracks with a silicone spray once a year.',
                  ],
                },
              ],
              [
                { heading: 'Floors' },
                {
                  paragraph:
                    'Soft spots near the tub, the toilet or the water heater point to a leak: shut the water off and open a service request with photos. Squeaks are not a defect and can be fixed with screws from below.',
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Warranty',
        manuals: [
          {
            displayName: 'Understanding the Limited Warranty',
            fileName: 'Understanding-the-Limited-Warranty.pdf',
            pages: [
              [
                { heading: 'What the warranty covers' },
                {
                  paragraph:
                    'The home is warranted against defects in materials and workmanship for one year from the date of delivery to the first homeowner. The warranty card, registered in My Homeowners, starts it.',
                },
                {
                  bullets: [
                    'Structure, plumbing, heating and electrical systems as built by the plant.',
                    "Appliances are covered by their own makers' warranties.",
                  ],
                },
              ],
              [
                { heading: 'What it does not cover' },
                {
                  bullets: [
                    'Damage from an installation that did not follow the installation manual.',
                    'Normal wear, condensation and settling that maintenance would have prevented.',
                    'Changes to the home not made by the plant or the retailer.',
                  ],
                },
                { heading: 'Making a claim' },
                {
                  paragraph:
                    'The retailer opens a service request for the home with a description, photos and the serial number. The plant reviews it and answers on the work order.',
                },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    displayName: 'Sales and Product',
    subCategories: [
      {
        displayName: 'Product Lines',
        manuals: [
          {
            displayName: 'Reading a Floor Plan and Option Sheet',
            fileName: 'Reading-a-Floor-Plan-and-Option-Sheet.pdf',
            pages: [
              [
                { heading: 'The floor plan' },
                {
                  paragraph:
                    'Every plan names the model, the nominal size and the actual box size. Nominal sizes include the hitch; quote the box size when a buyer measures a lot.',
                },
                {
                  bullets: [
                    'Dashed lines are the marriage line of multi-section homes.',
                    'Column symbols mark where the floor needs a pier under an opening.',
                  ],
                },
              ],
              [
                { heading: 'Options' },
                {
                  paragraph:
                    'Options are grouped by category. Some exclude others (a fireplace and a window on the same wall) and some need others (a dishwasher needs the kitchen plumbing package). The quote tool checks these rules; a printed sheet does not.',
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Energy Efficiency',
        manuals: [
          {
            displayName: 'ENERGY STAR and Energy Credits Basics',
            fileName: 'ENERGY-STAR-and-Energy-Credits-Basics.pdf',
            pages: [
              [
                { heading: 'Energy-efficient homes' },
                {
                  paragraph:
                    'Homes built to the ENERGY STAR package carry upgraded insulation, windows and a sealed duct system. The data plate and the certificate in the home say which package it was built to.',
                },
                { heading: 'Energy credits' },
                {
                  paragraph:
                    "A qualifying home may earn the builder a federal energy-efficient home credit. The retailer's part is to keep the certificate with the deal jacket and to report the sale date and the homeowner's address correctly.",
                },
              ],
              [
                { heading: 'Talking to buyers' },
                {
                  bullets: [
                    'Compare the estimated yearly heating and cooling cost, not only the purchase price.',
                    'Explain that the savings depend on a sealed installation: crossover ducts and marriage line gaskets matter.',
                  ],
                },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    displayName: 'Service Operations',
    subCategories: [
      {
        displayName: 'Service Requests',
        manuals: [
          {
            displayName: 'Writing a Good Service Request',
            fileName: 'Writing-a-Good-Service-Request.pdf',
            pages: [
              [
                { heading: 'One problem, one line item' },
                {
                  paragraph:
                    'List each problem as its own service item with the room, what is wrong and since when. The plant prices and schedules each item on its own.',
                },
                {
                  bullets: [
                    'Good: "Primary bath: water at the base of the toilet after each flush, since delivery."',
                    'Not enough: "Plumbing leak."',
                  ],
                },
              ],
              [
                { heading: 'Photos and attachments' },
                {
                  paragraph:
                    'Attach a wide photo that shows where in the home, and a close-up of the problem. Photos taken on a tablet offline are kept on the device and sent when the connection is back.',
                },
                { heading: 'Labor and trip time' },
                {
                  paragraph:
                    "Enter labor hours and trip time in quarter hours. The plant's service rates are copied onto the request when it is created.",
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Parts',
        manuals: [
          {
            displayName: 'Identifying Parts with the Catalog',
            fileName: 'Identifying-Parts-with-the-Catalog.pdf',
            pages: [
              [
                { heading: 'Find the part' },
                {
                  paragraph:
                    'The plant\'s approved parts catalog lists each part with a friendly description and a photo. Search by what the part does ("shower valve cartridge") before searching by number.',
                },
              ],
              [
                { heading: 'When the part is not in the catalog' },
                {
                  paragraph:
                    'Describe the part on a parts item, with the location in the home and a photo. Plant staff add parts that are asked for often to the catalog through change management.',
                },
              ],
            ],
          },
        ],
      },
      {
        displayName: 'Transportation',
        manuals: [
          {
            displayName: 'Home Delivery and Escort Rules',
            fileName: 'Home-Delivery-and-Escort-Rules.pdf',
            pages: [
              [
                { heading: 'Before the move' },
                {
                  bullets: [
                    'Check the route survey: bridges, low wires, turns and the site entrance.',
                    'Each state sets its own permit, escort and travel-time rules for wide loads.',
                    'Pilot cars travel ahead of and behind loads wider than the state limit.',
                  ],
                },
              ],
              [
                { heading: 'At the site' },
                {
                  paragraph:
                    'The driver and the retailer walk the home together and note any transport damage on the delivery report before the driver leaves. Damage noted later is much harder to assign.',
                },
              ],
            ],
          },
        ],
      },
    ],
  },
];

const COLORS = { brand: rgb(0.11, 0.3, 0.52), text: rgb(0.13, 0.13, 0.13), muted: rgb(0.4, 0.4, 0.4) };

/** One manual as a PDF: a title band, the blocks of each page, and "Page n of m". */
export async function renderManual(manual: Manual, category: string): Promise<Uint8Array> {
  const { doc, fonts } = await createPdf({ title: manual.displayName, subject: category, author: 'HomeSite Learn', published: PUBLISHED });
  manual.pages.forEach((blocks, index) => {
    const page = addBandedPage(doc, COLORS.brand);
    page.drawText(`HomeSite Learn: ${category}`, { x: PAGE.margin, y: PAGE.height - 28, size: 12, font: fonts.bold, color: rgb(1, 1, 1) });
    page.drawText(manual.displayName, {
      x: PAGE.margin,
      y: PAGE.height - PAGE.margin - 14,
      size: 20,
      font: fonts.bold,
      color: COLORS.text,
    });
    // Below the title band and the manual's name.
    const writer = new PageWriter(page, fonts, COLORS, PAGE.height - PAGE.margin - 64);
    for (const block of blocks) {
      if ('heading' in block) writer.heading(block.heading, 16);
      else if ('paragraph' in block) writer.paragraph(block.paragraph);
      else writer.bullets(block.bullets);
    }
    drawPageNumber(page, fonts.regular, index, manual.pages.length, COLORS.muted);
  });
  return doc.save({ useObjectStreams: true });
}
