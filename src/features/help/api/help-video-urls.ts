import { paths, type Endpoint, type HelpDocument } from '../../../contract';
import { sanitizeHelpFileName } from '../../../lib/help-files';
import { httpClient, joinUrl } from '../../../lib/http';

const fileUrl = (endpoint: Endpoint, documentId: number) =>
  `${joinUrl(httpClient(endpoint.base).prefix, endpoint.path)}?${new URLSearchParams({ documentId: String(documentId) })}`;

/**
 * GET {api}/FileStream/GetHelpVideo/{name}?documentId= as a <video> source. The element streams it in
 * byte ranges and cannot send the Authorization header; the server reads the token cookie instead.
 */
export const helpVideoUrl = (document: HelpDocument) =>
  fileUrl(paths.helpVideo(sanitizeHelpFileName(document.displayName)), document.documentId);

/** GET {api}/FileStream/GetHelpVideoCaptions/{name}?documentId=: the video's WebVTT captions. */
export const helpCaptionsUrl = (document: HelpDocument) =>
  fileUrl(paths.helpVideoCaptions(sanitizeHelpFileName(document.displayName)), document.documentId);
