/*
 * Makes the demo Help library (spec 1 §2 Help) that the seed loads: real multi-page PDFs drawn by
 * src/server/db/seed/pdf-pages.ts (real text, so the viewer can search them), one upload that came through
 * empty (10 bytes, for the 'no results' rule of spec 1 §8), and a short captioned video made with ffmpeg.
 *
 *   npx tsx scripts/make-help-assets.ts            # PDFs, captions and manifest
 *   npx tsx scripts/make-help-assets.ts --video    # also re-encodes the video (needs ffmpeg)
 *
 * The output is committed under src/server/db/seed/assets/help/, so seeding needs neither pdf-lib nor
 * ffmpeg and stays fast. The PDFs are byte-for-byte reproducible (fixed dates, no random ids).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rgb } from 'pdf-lib';
import { PAGE, PageWriter, TEXT_WIDTH, addBandedPage, createPdf, drawPageNumber, wrap } from '../src/server/db/seed/pdf-pages';

const OUT_DIR = join(import.meta.dirname, '../src/server/db/seed/assets/help');
const PUBLISHED = new Date('2026-01-15T12:00:00Z');

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'steps'; start: number; items: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'note'; text: string };

interface HelpPdf {
  file: string;
  displayName: string;
  category: string;
  subject: string;
  pages: Block[][];
}

export interface ManifestEntry {
  file: string;
  displayName: string;
  fileType: 'pdf' | 'video';
  category: string;
  contentType: string;
  captions?: string;
}

const heading = (text: string): Block => ({ kind: 'heading', text });
const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
const steps = (start: number, items: string[]): Block => ({ kind: 'steps', start, items });
const bullets = (items: string[]): Block => ({ kind: 'bullets', items });
const note = (text: string): Block => ({ kind: 'note', text });

const PDFS: HelpPdf[] = [
  {
    file: 'getting-started-with-homesite.pdf',
    displayName: 'Getting Started with HomeSite',
    category: 'Getting started',
    subject: 'Signing in, the home screen, your account and working offline',
    pages: [
      [
        heading('Welcome to HomeSite'),
        paragraph(
          'HomeSite is the portal for retail centers, plant staff and internal teams. From one place you follow sales leads, build quotes and orders, look after homeowners, submit service requests, order parts and read the reports of your retail center.',
        ),
        heading('Signing in'),
        steps(1, [
          'Open HomeSite in your browser. On a tablet you can add it to the home screen and start it like any other app.',
          'Enter your username, which is your e-mail address, and your password, then choose Sign in.',
          'The first time you sign in, read the Terms of Use and choose Agree. Choosing Disagree signs you out again.',
        ]),
        note('Your password expires 91 days after you last changed it. HomeSite reminds you two weeks ahead and again in the last week.'),
      ],
      [
        heading('The home screen'),
        paragraph(
          'After signing in you see the home screen: a grid of tiles, one for each app you may use. Which tiles appear depends on the roles your administrator gave you. A service manager sees Service & Parts and My Homeowners; a sales consultant sees Leads, Quotes and Orders.',
        ),
        paragraph(
          'Learn, Help, Feedback and My Plants are there for everyone. My Facilities appears when you belong to at least one retail center.',
        ),
        heading('Side navigation'),
        paragraph(
          'On every other page the side navigation shows the same apps as the home screen. When the window is too short to show them all, the rest move into the More menu at the bottom. The app you are in is highlighted.',
        ),
      ],
      [
        heading('Switching retail centers'),
        paragraph(
          'If you work for several retail centers, open the menu under your name in the header. Search for the center by name or number and choose it. HomeSite reloads and shows the data of that center.',
        ),
        heading('My Account'),
        paragraph('Choose My Account in the same menu to change your first and last name or your password. A new password needs:'),
        bullets(['at least 8 characters;', 'an upper-case and a lower-case letter;', 'a digit;', 'one of the symbols # ? ! @ $ % ^ & * -']),
        paragraph('Your username can be changed only by the service desk.'),
      ],
      [
        heading('Working offline'),
        paragraph(
          'HomeSite keeps working when the signal drops. Once you have opened it online, it starts without a connection and shows the data it last received, with its age, for example Updated 2 hours ago.',
        ),
        paragraph(
          'Changes you make offline wait on the device and are sent as soon as the connection returns. The sync badge in the header shows how many are waiting; Pending changes lists them and tells you if the server refused one.',
        ),
        paragraph(
          'Help documents you have opened once stay readable offline, so take a look at the guides you need before heading out to a job site.',
        ),
        heading('Getting support'),
        paragraph(
          'Choose Support in the menu under your name to send a request to the HomeSite service desk, or call the support line and choose option 3.',
        ),
      ],
    ],
  },
  {
    file: 'submitting-a-service-request.pdf',
    displayName: 'Submitting a Service Request',
    category: 'Service',
    subject: 'Step by step: from a homeowner call to a submitted service request',
    pages: [
      [
        heading('Submitting a Service Request'),
        paragraph(
          'A service request tells the plant that a home needs work under warranty. You prepare it as a staged request, add what is wrong and the parts needed, and submit it. The plant turns it into a work order.',
        ),
        heading('Before you start'),
        bullets([
          'the serial number of the home, printed on the data plate inside the kitchen cabinet;',
          "the homeowner's name, phone number and the address of the home;",
          'a short description of each problem, in the words of the homeowner;',
          'photos of the damage, as JPG, JPEG or GIF files, and any PDF documents.',
        ]),
      ],
      [
        heading('Find the home'),
        steps(1, [
          'On the home screen choose Service & Parts.',
          'Choose New Service Request. A staged request opens in a side panel.',
          'Type the serial number of the home and choose Search. HomeSite fills in the model, the plant and the homeowner it knows.',
        ]),
        note('If the serial number is not found, check the data plate again: serial numbers start with the three letters of the plant.'),
      ],
      [
        heading('Describe the request'),
        steps(4, [
          "Check the homeowner's name and phone number and correct them if they changed.",
          'Choose the type of request: warranty, goodwill or paid service.',
          "Describe what is wrong. Keep one problem per line, for example 'Back bedroom door sticks'.",
        ]),
        paragraph('Choose Save to keep the request as it is. You can come back to a staged request at any time until it is submitted.'),
      ],
      [
        heading('Add items, parts and photos'),
        steps(7, [
          'Under Items choose Add Item for each problem and pick its category and location in the home.',
          'Under Parts add the parts the repair needs. Search the catalog of the plant by part number or description.',
          'Attach photos with Add Files. Only JPG, JPEG, GIF and PDF files are accepted; the same photo chosen twice is added once.',
        ]),
      ],
      [
        heading('Submit'),
        steps(10, [
          'Review the request. Every item needs a category and a description before the request can be submitted.',
          'Choose Submit. HomeSite confirms that the request was sent to the plant.',
        ]),
        note(
          'No signal at the job site? Submit anyway. The request waits on your device, marked as waiting in Pending changes, and is sent when you are back online. Nothing is lost if you close the app.',
        ),
      ],
      [
        heading('After submitting'),
        paragraph(
          'The plant reviews the request and opens a work order. You find it under Service & Parts with its status: Submitted, Scheduled, In Progress or Completed. The list refreshes every minute while it is open.',
        ),
        heading('Troubleshooting'),
        bullets([
          'A request that the server refused shows in Pending changes with the reason. Correct it and choose Retry.',
          'A photo that will not attach is usually in an unsupported format: save it as JPG and try again.',
          'Still stuck? Choose Support in the menu under your name.',
        ]),
      ],
    ],
  },
  {
    file: 'parts-orders-and-receiving.pdf',
    displayName: 'Parts Orders and Receiving',
    category: 'Parts',
    subject: 'Ordering parts from the plant and receiving them at the retail center',
    pages: [
      [
        heading('Parts Orders and Receiving'),
        paragraph(
          'Parts orders bring the parts of a repair from the plant to your retail center. This guide covers creating an order, following it, and marking parts as received when the shipment arrives.',
        ),
        paragraph('You need the Service_User role to order parts. Service viewers can follow orders but not change them.'),
      ],
      [
        heading('Creating a parts order'),
        steps(1, [
          'Open Service & Parts and choose Parts Orders, then New Parts Order.',
          'Choose the plant that built the home, and the ship-to location: your retail center or the home site.',
          'Add each part with its quantity and unit of measure. Parts are chosen from the catalog of that plant.',
          'Choose Submit. The plant confirms the order and gives it an order number.',
        ]),
      ],
      [
        heading('Following an order'),
        paragraph(
          'Each order shows its status: Submitted, Confirmed, Shipped or Received. Shipped orders carry the carrier and the tracking number. The order list can be searched by order number, serial number or part.',
        ),
        note('Orders created offline are sent when the connection returns. Until then they show as waiting in Pending changes.'),
      ],
      [
        heading('Receiving parts'),
        steps(1, [
          'When the shipment arrives, open the order and choose Receive.',
          'Count each part and enter the quantity received.',
          'Mark a part as incorrect if the wrong part arrived, and say what was received instead.',
          'Choose Save. Parts not yet received stay open on the order.',
        ]),
      ],
      [
        heading('Good practice'),
        bullets([
          'Receive parts on the day they arrive, so the plant knows the repair can go ahead.',
          'Keep the packing slip until every part of the order is received.',
          'Report damaged parts as incorrect, with a photo, rather than receiving them.',
        ]),
        paragraph('Questions about an order go to the parts desk of the plant; you find its phone number under My Plants.'),
      ],
    ],
  },
  {
    file: 'warranty-cards-and-homeowners.pdf',
    displayName: 'Warranty Cards and Homeowners',
    category: 'Homeowners',
    subject: 'Registering the homeowner of a sold home and keeping the warranty card current',
    pages: [
      [
        heading('Warranty Cards and Homeowners'),
        paragraph(
          'The warranty card registers the homeowner of a sold home with the plant. It starts the warranty and lets the plant reach the homeowner about service. Enter it within 30 days of the sale.',
        ),
        paragraph('My Homeowners lists the homes your retail center has sold, with the homeowner and the state of the warranty card.'),
      ],
      [
        heading('Entering a warranty card'),
        steps(1, [
          'Open My Homeowners and find the home by serial number or homeowner name.',
          'Choose Warranty Card.',
          "Enter the homeowner's name, phone number and e-mail address, the address where the home is set, and the sold and set-up dates as MM/DD/YYYY.",
          'Choose Save. The card is sent to the plant.',
        ]),
        note('You can enter warranty cards offline; they are sent when the connection returns.'),
      ],
      [
        heading('Keeping it current'),
        paragraph(
          'When a homeowner moves or changes phone number, open the warranty card again, correct it and save. If someone else changed the card in the meantime, HomeSite shows their version so you can check your changes before saving again.',
        ),
        paragraph('Service history for the home, including every work order, is available from the same screen.'),
      ],
    ],
  },
];

/** A published file whose upload came through empty: the viewer must show 'no results' (spec 1 §8). */
const EMPTY_UPLOAD = { file: 'service-rate-sheet.pdf', displayName: 'Service Rate Sheet', category: 'Service', bytes: '%PDF-1.4\n%' };

const VIDEO = {
  file: 'finding-your-way-around-homesite.mp4',
  captions: 'finding-your-way-around-homesite.vtt',
  displayName: 'Finding Your Way Around HomeSite',
  category: 'Videos',
  slides: [
    { title: 'HomeSite Help', line: 'Finding your way around', caption: 'HomeSite Help: finding your way around.' },
    { title: 'Home', line: 'Open an app from its tile', caption: 'On the home screen, open an app from its tile.' },
    {
      title: 'Side navigation',
      line: 'More holds what does not fit',
      caption: 'The side navigation lists the same apps; More holds the ones that do not fit.',
    },
    {
      title: 'Header menu',
      line: 'Switch retail centers, get support',
      caption: 'The menu under your name switches retail centers and opens Support.',
    },
  ],
  secondsPerSlide: 3,
};

const COLORS = { brand: rgb(0.12, 0.31, 0.47), text: rgb(0.11, 0.14, 0.19), muted: rgb(0.31, 0.36, 0.42), noteBg: rgb(0.91, 0.94, 0.98) };

function writeBlock(writer: PageWriter, block: Block) {
  const { page, fonts } = writer;
  switch (block.kind) {
    case 'heading':
      writer.heading(block.text, 17);
      break;
    case 'paragraph':
      writer.paragraph(block.text);
      break;
    case 'steps':
      block.items.forEach((item, index) => {
        page.drawText(`${block.start + index}.`, { x: PAGE.margin, y: writer.y, size: 11.5, font: fonts.bold, color: COLORS.brand });
        writer.text(item, PAGE.margin + 22, 11.5, fonts.regular, TEXT_WIDTH - 22);
        writer.y -= 6;
      });
      writer.y -= 4;
      break;
    case 'bullets':
      writer.bullets(block.items);
      break;
    case 'note': {
      const lines = wrap(block.text, fonts.regular, 11, TEXT_WIDTH - 28);
      const height = lines.length * 11 * 1.45 + 18;
      page.drawRectangle({ x: PAGE.margin, y: writer.y - height + 20, width: TEXT_WIDTH, height, color: COLORS.noteBg });
      page.drawRectangle({ x: PAGE.margin, y: writer.y - height + 20, width: 4, height, color: COLORS.brand });
      writer.y -= 2;
      writer.text(block.text, PAGE.margin + 16, 11, fonts.regular, TEXT_WIDTH - 28, COLORS.text);
      writer.y -= 16;
      break;
    }
  }
}

async function makePdf(pdf: HelpPdf): Promise<Uint8Array> {
  const { doc, fonts } = await createPdf({
    title: pdf.displayName,
    subject: pdf.subject,
    author: 'HomeSite Support',
    creator: 'HomeSite help library',
    published: PUBLISHED,
  });

  pdf.pages.forEach((blocks, index) => {
    const page = addBandedPage(doc, COLORS.brand);
    page.drawText('HomeSite Help', { x: PAGE.margin, y: PAGE.height - 28, size: 13, font: fonts.bold, color: rgb(1, 1, 1) });
    const title = pdf.displayName;
    page.drawText(title, {
      x: PAGE.width - PAGE.margin - fonts.regular.widthOfTextAtSize(title, 10),
      y: PAGE.height - 27,
      size: 10,
      font: fonts.regular,
      color: rgb(1, 1, 1),
    });
    const writer = new PageWriter(page, fonts, COLORS, PAGE.height - PAGE.margin - 40);
    for (const block of blocks) writeBlock(writer, block);
    drawPageNumber(page, fonts.regular, index, pdf.pages.length, COLORS.muted);
    page.drawText('Published January 2026', { x: PAGE.margin, y: 36, size: 9, font: fonts.regular, color: COLORS.muted });
  });
  return doc.save({ useObjectStreams: true });
}

const vttTime = (seconds: number) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

function captions(): string {
  const cues = VIDEO.slides.map((slide, index) => {
    const start = index * VIDEO.secondsPerSlide;
    return `${index + 1}\n${vttTime(start)} --> ${vttTime(start + VIDEO.secondsPerSlide)}\n${slide.caption}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** ffmpeg's drawtext wants ':' ',' and quotes escaped inside its filter graph. */
const drawtextText = (text: string) => text.replace(/\\/g, '\\\\\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:').replace(/,/g, '\\,');

function makeVideo(path: string) {
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const bold = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  const total = VIDEO.slides.length * VIDEO.secondsPerSlide;
  const filters = [
    'drawbox=x=0:y=0:w=iw:h=56:color=0x1f4e79:t=fill',
    `drawtext=fontfile=${bold}:text='HomeSite Help':fontcolor=white:fontsize=24:x=24:y=16`,
    ...VIDEO.slides.flatMap((slide, index) => {
      const from = index * VIDEO.secondsPerSlide;
      const enable = `enable='between(t,${from},${from + VIDEO.secondsPerSlide - 0.001})'`;
      return [
        `drawtext=fontfile=${bold}:text='${drawtextText(slide.title)}':fontcolor=0x1b2430:fontsize=40:x=(w-text_w)/2:y=(h/2)-50:${enable}`,
        `drawtext=fontfile=${font}:text='${drawtextText(slide.line)}':fontcolor=0x4f5b6a:fontsize=26:x=(w-text_w)/2:y=(h/2)+10:${enable}`,
      ];
    }),
  ];
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=0xf4f6f9:s=640x360:r=15:d=${total}`,
      '-f',
      'lavfi',
      '-i',
      `color=c=0x2d6aa3:s=640x8:r=15:d=${total}`,
      // A progress bar sliding in along the bottom: the only moving part, so the clip stays tiny.
      '-filter_complex',
      `[0:v]${filters.join(',')}[slides];[slides][1:v]overlay=x='-w+W*t/${total}':y=H-h:shortest=1`,
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '30',
      '-preset',
      'veryslow',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-metadata',
      `title=${VIDEO.displayName}`,
      path,
    ],
    { stdio: 'inherit' },
  );
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const manifest: ManifestEntry[] = [];
  for (const pdf of PDFS) {
    writeFileSync(join(OUT_DIR, pdf.file), await makePdf(pdf));
    manifest.push({
      file: pdf.file,
      displayName: pdf.displayName,
      fileType: 'pdf',
      category: pdf.category,
      contentType: 'application/pdf',
    });
  }
  writeFileSync(join(OUT_DIR, EMPTY_UPLOAD.file), EMPTY_UPLOAD.bytes);
  manifest.push({
    file: EMPTY_UPLOAD.file,
    displayName: EMPTY_UPLOAD.displayName,
    fileType: 'pdf',
    category: EMPTY_UPLOAD.category,
    contentType: 'application/pdf',
  });

  writeFileSync(join(OUT_DIR, VIDEO.captions), captions());
  if (process.argv.includes('--video')) makeVideo(join(OUT_DIR, VIDEO.file));
  manifest.push({
    file: VIDEO.file,
    displayName: VIDEO.displayName,
    fileType: 'video',
    category: VIDEO.category,
    contentType: 'video/mp4',
    captions: VIDEO.captions,
  });

  writeFileSync(join(OUT_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

await main();
