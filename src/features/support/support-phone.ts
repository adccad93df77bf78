/** spec 1 §9: the support line, read out as '{phone} option 3'. */
export const SUPPORT_PHONE_NUMBER = '1-800-555-0142';
export const SUPPORT_PHONE_OPTION = 'option 3';
export const SUPPORT_PHONE_TEXT = `${SUPPORT_PHONE_NUMBER} ${SUPPORT_PHONE_OPTION}`;
/** Dials the number; the option is chosen on the call. */
export const SUPPORT_PHONE_HREF = `tel:+1${SUPPORT_PHONE_NUMBER.replace(/\D/g, '').slice(1)}`;
