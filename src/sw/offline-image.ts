/**
 * A listing picture not seen before cannot load offline: a placeholder that says so, not a
 * broken image. Dark words on a light ground (contrast above 12:1), large enough to read on a
 * card (a third of the picture's height for the two lines), and a picture sign for the smallest
 * thumbnails, where no words fit.
 */
export const OFFLINE_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">' +
  '<rect width="400" height="300" fill="#ece6f5"/>' +
  '<g fill="none" stroke="#46237a" stroke-width="8" stroke-linejoin="round">' +
  '<rect x="160" y="40" width="80" height="64" rx="8"/>' +
  '<path d="M166 98l24-26 16 16 12-10 16 20"/></g>' +
  '<circle cx="218" cy="62" r="7" fill="#46237a"/>' +
  '<g font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" fill="#1d1a22" text-anchor="middle">' +
  '<text x="200" y="172" font-size="40" font-weight="700">Offline</text>' +
  '<text x="200" y="226" font-size="32">Picture shows when</text>' +
  '<text x="200" y="266" font-size="32">you are back online</text></g></svg>';
