import { secureHeaders } from 'hono/secure-headers';
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
export function securityHeaders(config: AppConfig) {
  const bases = config.clientBases ?? {};
  const apiOrigins = [...new Set(Object.values(bases).flatMap(originOf))];
  const imageOrigins = originOf(bases.images);
  return secureHeaders({
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
}
