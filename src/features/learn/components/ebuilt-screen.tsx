import { PathLink } from '../../../ui/path-link';
import '../learn.css';

/** /learn/ebuilt (spec 3 §2): a static page about eBuilt, the plant's electronic record of each home it builds. */
export function EbuiltScreen() {
  return (
    <div className="page learn-page learn-article">
      <PathLink href="/learn" className="learn-page__back">
        ← All manuals
      </PathLink>
      <h1 className="page__title">eBuilt home documentation</h1>
      <p className="learn-article__lead">
        eBuilt is the plant&apos;s electronic record of each home it builds. From the day a home starts down the line, the plant files what
        was built, how it was checked and what ships with it under the home&apos;s serial number, so that the retail center, the installer
        and the service technician all work from the same facts.
      </p>

      <section aria-labelledby="ebuilt-contents">
        <h2 id="ebuilt-contents">What a home&apos;s eBuilt record holds</h2>
        <ul>
          <li>
            <strong>The home as built:</strong> model, floor plan, section count and box sizes, and every option and change order the plant
            built into it, with the date each section left the line.
          </li>
          <li>
            <strong>Labels and certificates:</strong> the HUD label numbers of each section, the data plate (wind zone, roof load and
            thermal zone), and the energy certificate of homes built to an energy-efficient package.
          </li>
          <li>
            <strong>Inspections:</strong> the in-plant quality checks of each station and the third-party inspection sign-off.
          </li>
          <li>
            <strong>What ships with the home:</strong> the installation manual for its model, the ship-loose and trim kits, and the
            homeowner&apos;s manual with the appliance warranties.
          </li>
        </ul>
      </section>

      <section aria-labelledby="ebuilt-uses">
        <h2 id="ebuilt-uses">When to use it</h2>
        <ul>
          <li>
            <strong>Before the set-up:</strong> check the wind zone and roof load against the site, and the pier layout against the
            installation manual for the exact model.
          </li>
          <li>
            <strong>On a service call:</strong> the as-built options say which faucet, window or water heater is in the home, so the right
            part is ordered the first time. Put the serial number on every service request and parts order.
          </li>
          <li>
            <strong>For a warranty question:</strong> the ship date and the inspection records show what left the plant and in what
            condition.
          </li>
          <li>
            <strong>For an appraisal, refinance or resale:</strong> the HUD label numbers and the data plate are what lenders and appraisers
            ask for.
          </li>
        </ul>
      </section>

      <section aria-labelledby="ebuilt-request">
        <h2 id="ebuilt-request">How to get a home&apos;s record</h2>
        <ol>
          <li>
            Find the serial number: on the data plate (usually inside a kitchen cabinet or the primary bedroom closet) and stamped on the
            front cross-member of the chassis.
          </li>
          <li>
            Contact the plant that built the home (its number is part of the home&apos;s details in HomeSite); the plants&apos; contacts are
            under <PathLink href="/contact">My Plants</PathLink>.
          </li>
          <li>Ask for the eBuilt record of the serial number. The plant answers with the documents as PDF files.</li>
        </ol>
        <p>
          Keep the PDFs with the deal jacket. Learn manuals opened in HomeSite stay readable on this device without a connection; the eBuilt
          record itself is kept by the plant.
        </p>
      </section>
    </div>
  );
}
