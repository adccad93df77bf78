import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { SerialLookupScreen } from '../../../features/service-history/components/serial-lookup-screen';
import { defineParams } from '../../route-params';

/** spec 1 §2: the serial number's characters 4 to 9 (substring(3, 9)) and the plant number. */
const SerialParams = v.object({
  serialDigits: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,6}$/)),
  plantNumber: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,10}$/)),
});

/** The header link's form of the service history: /serviceHistory/{serial digits}/{plantNumber}. */
export const Route = createFileRoute('/_authenticated/serviceHistory/$serialDigits/$plantNumber')({
  params: defineParams(SerialParams),
  staticData: { title: 'Service History' },
  component: function ServiceHistoryBySerialRoute() {
    const { serialDigits, plantNumber } = Route.useParams();
    return (
      <SerialLookupScreen
        key={`${serialDigits}/${plantNumber}`}
        serialDigits={serialDigits}
        plantNumber={plantNumber}
        user={useSignedInUser()}
      />
    );
  },
});
