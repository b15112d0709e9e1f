// Entry point of the certificate renderer's worker thread (certificate-renderer.ts). The server is
// TypeScript source and worker threads do not share the parent's module loader, so the thread
// registers tsx's loader itself (as the audio pool's threads do), then loads the certificate module.
import { register } from 'tsx/esm/api';

register();
const { licenseCertificatePdf } = await import('./license-certificate.ts');

/** One certificate: `{ license, verifyAt }` in (dates survive the structured clone), the PDF's bytes out. */
export default ({ license, verifyAt }) => licenseCertificatePdf(license, verifyAt);
