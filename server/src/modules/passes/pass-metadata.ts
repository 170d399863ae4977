/** ERC-721 metadata of a Genesis Pass, as the contract's tokenURI points to it; name and description from the branding. */
export function passMetadata(tokenId: number, publicUrl: string, pass: { name: string; description: string }) {
  return {
    name: `${pass.name} #${tokenId}`,
    description: pass.description,
    image: `${publicUrl}/api/nft/image.svg`,
  };
}

/** Every pass shows the same artwork, with the branding's site name. */
export const passImageSvg = (siteName: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 560"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1f57"/><stop offset="1" stop-color="#0d0b1a"/></linearGradient></defs><rect width="400" height="560" rx="28" fill="url(#g)" stroke="#d4af37" stroke-width="6"/><circle cx="200" cy="230" r="92" fill="none" stroke="#f5d76e" stroke-width="4"/><path d="M200 150l22 62h66l-54 38 20 64-54-40-54 40 20-64-54-38h66z" fill="#f5d76e"/><text x="200" y="430" fill="#ece8ff" font-family="Georgia,serif" font-size="34" text-anchor="middle">${siteName.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</text><text x="200" y="470" fill="#d4af37" font-family="Georgia,serif" font-size="20" letter-spacing="6" text-anchor="middle">GENESIS PASS</text></svg>`;
