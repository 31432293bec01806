// Leaving for the payment page the server chose: the local checkout (a path on this site) or the
// provider's hosted page. Anything but an http(s) address is refused, so a bad answer can never
// run script in this page.

import { useEffect } from 'react';

class CheckoutUrlError extends Error {
  constructor() {
    super('The checkout address is not an http(s) URL.');
    this.name = 'CheckoutUrlError';
  }
}

export function goToCheckout(checkoutUrl: string): void {
  let url: URL;
  try {
    url = new URL(checkoutUrl, window.location.origin);
  } catch {
    throw new CheckoutUrlError();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CheckoutUrlError();
  window.location.assign(checkoutUrl);
}

/**
 * Calls `onBack` when the browser brings this page back from its back-forward cache (Back from
 * the payment page): the page is restored as it was left, busy "going to payment".
 */
export function useBackFromCheckout(onBack: () => void): void {
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) onBack();
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, [onBack]);
}
