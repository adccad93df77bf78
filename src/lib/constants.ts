/** The product name: page titles and the welcome toast read it (spec 1 §2, §8). */
export const PRODUCT_NAME = 'HomeSite';
export const SUPPORT_PATH = '/support';
export const PASSWORD_EXPIRED_PATH = '/myAccount?passwordExpired=true';
/** spec 1 §2 Home: users flagged isEbeUser are sent here. */
export const EBE_HOME_PATH = '/transportation/driver-management/search';
