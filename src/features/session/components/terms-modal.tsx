import type { CmhUser } from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { parseMsDate } from '../../../lib/dates';
import { isOfflineError } from '../../../lib/http';
import { PRODUCT_NAME } from '../../../lib/constants';
import { Modal } from '../../../ui/modal';
import { useAcceptTerms } from '../api/accept-terms';
import { useTermsDocument } from '../api/get-terms-document';
import { useLogout } from '../api/logout';
import { termsAcceptanceRequired } from '../terms';

/** spec 1 §2 Home, §4 Terms of use: a gate on home; Agree records it, Disagree logs out. */
export function TermsModal({ user }: { user: Pick<CmhUser, 'termsAcceptanceDate'> }) {
  const termsDocument = useTermsDocument();
  const accept = useAcceptTerms();
  const logout = useLogout();
  const open = termsAcceptanceRequired(user.termsAcceptanceDate, termsDocument.data);
  const modified = termsDocument.data && parseMsDate(termsDocument.data.ModifyDate);
  const busy = accept.isPending || logout.isPending;

  return (
    <Modal
      open={open}
      size="medium"
      title="Terms of Use"
      description={`Please review and accept the ${PRODUCT_NAME} Terms of Use to continue.`}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={() => logout.mutate()}>
            Disagree
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => accept.mutate()}>
            Agree
          </button>
        </>
      }
    >
      {modified && <p>The Terms of Use were last updated on {formatDate(modified)}.</p>}
      <p>By choosing Agree you accept the Terms of Use. Choosing Disagree signs you out.</p>
      {accept.error && isOfflineError(accept.error) && (
        <p className="notice notice--warning" role="alert">
          You are offline. Your agreement can be recorded once you are back online.
        </p>
      )}
    </Modal>
  );
}
