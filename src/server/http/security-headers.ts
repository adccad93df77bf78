import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { SET_PASSWORD_PATH } from '../../contract';
import { originalPathname } from './paths';
import type { AppConfig } from './deps';

const originOf = (url: string | undefined) => {
  if (!url || !/^https?:\/\//i.test(url)) return [];
  return [new URL(url).origin];
};

/**
 * Security headers on every answer. The app loads everything from its own origin, draws images from
 * blob: and data: URLs and runs the service worker and the PDF worker; a base a deployment moved to
 * another host (AppConfig.clientBases) is allowed as a connect (and, for images, img) source.
 */
export function securityHeaders(config: AppConfig): MiddlewareHandler {
  const bases = config.clientBases ?? {};
  const apiOrigins = [...new Set(Object.values(bases).flatMap(originOf))];
  const imageOrigins = originOf(bases.images);
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toasts and dialogs insert <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'blob:', 'data:', ...imageOrigins],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...apiOrigins],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // Powerful features the app never uses are off for it and anything it frames; the camera stays
    // with the own origin (photo inputs with capture="environment" on work orders and delivery reports).
    permissionsPolicy: {
      camera: ['self'],
      microphone: [],
      geolocation: [],
      displayCapture: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      browsingTopics: [],
    },
  });
  return async (c, next) => {
    await headers(c, next);
    // A one-time link's token is in that page's path: no request the page makes may carry it in a Referer (issue 29).
    if (originalPathname(c.req.raw).toLowerCase().startsWith(`${SET_PASSWORD_PATH}/`)) c.res.headers.set('Referrer-Policy', 'no-referrer');
  };
}
