import type { CmhUser, PlantContact } from '../../../contract';
import { formatPhone, formatState, safeLinkHref } from '../../../lib/formats';
import { facilityKeys } from '../api/keys';
import { usePlantContacts } from '../api/get-plant-contacts';
import { DirectoryStatus } from './directory-status';

/** A dialable tel: URI (US numbers get +1), or undefined when the value holds no phone number. */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length >= 11 && digits.length <= 15) return `tel:+${digits}`;
  return undefined;
}

function mailtoHref(email: string): string | undefined {
  const address = email.trim();
  const href = `mailto:${address}`;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? safeLinkHref(href) : undefined;
}

function PlantCard({ plant }: { plant: PlantContact }) {
  const tel = telHref(plant.phone);
  const mailto = mailtoHref(plant.email);
  const headingId = `plant-${plant.plantNumber}-name`;
  return (
    <li id={`plant-${plant.plantNumber}`} className="plant-card card">
      <h2 id={headingId} className="plant-card__name">
        {plant.name} <span className="plant-card__number">Plant {plant.plantNumber}</span>
      </h2>
      <p className="plant-card__print-name">{plant.printName}</p>
      <address className="plant-card__address">
        {plant.address1 && (
          <>
            {plant.address1}
            <br />
          </>
        )}
        {plant.city}, {formatState(plant.state)} {plant.zipCode}
      </address>
      <dl className="plant-card__contacts">
        <dt>Phone</dt>
        <dd>{tel ? <a href={tel}>{formatPhone(plant.phone)}</a> : plant.phone || 'Not listed'}</dd>
        <dt>E-mail</dt>
        <dd>{mailto ? <a href={mailto}>{plant.email}</a> : plant.email || 'Not listed'}</dd>
      </dl>
    </li>
  );
}

/** My Plants (/contact): how to reach the plants that serve the current retail center (plant users: their facilities). */
export function MyPlantsScreen({ user }: { user: Pick<CmhUser, 'currentRetailer' | 'retailerNumber' | 'isPlantUser'> }) {
  const retailerNumber = user.currentRetailer?.retailerNumber ?? user.retailerNumber;
  const query = usePlantContacts(retailerNumber);
  return (
    <div className="page">
      <h1 className="page__title">My Plants</h1>
      <p className="page__lead">
        {user.isPlantUser ? 'Contacts of your facilities.' : 'Contacts of the plants that serve your retail center.'}
      </p>
      <DirectoryStatus query={query} queryKey={facilityKeys.plantContacts(retailerNumber)} what="Your plants">
        {(plants) =>
          plants.length === 0 ? (
            <p>No plants serve this retail center.</p>
          ) : (
            <ul className="plant-cards" aria-label="Plants">
              {plants.map((plant) => (
                <PlantCard key={plant.plantNumber} plant={plant} />
              ))}
            </ul>
          )
        }
      </DirectoryStatus>
    </div>
  );
}
