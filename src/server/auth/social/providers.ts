import 'server-only';
import { getConfig } from '@/config';

/** Which sign-in buttons the pages show: a provider without credentials is simply absent. */
export function enabledProviders(): { google: boolean; facebook: boolean } {
  const config = getConfig();
  return { google: config.google !== undefined, facebook: config.facebook !== undefined };
}

/** The app id the page's Facebook JS SDK is initialised with (public, unlike the secret). */
export function facebookAppId(): string | null {
  return getConfig().facebook?.appId ?? null;
}
