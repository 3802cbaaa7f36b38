'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { Button } from '@/components/ui/button';
import { keepPreRegistration } from './pre-registration';
import { keepReturnPath } from './return-path';

/** Which sign-in providers are configured, and Facebook's app id for its SDK. */
export interface SocialProviders {
  google: boolean;
  facebook: boolean;
  facebookAppId: string | null;
}

declare global {
  interface Window {
    FB?: {
      init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
      login(
        callback: (response: { authResponse?: { accessToken: string } }) => void,
        options: { scope: string },
      ): void;
    };
  }
}

function loadFacebookSdk(locale: string): Promise<void> {
  if (window.FB) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://connect.facebook.net/${locale === 'en' ? 'en_GB' : 'pl_PL'}/sdk.js`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('facebook sdk'));
    document.head.appendChild(script);
  });
}

/**
 * Google and Facebook sign-in; each button shows only when the provider is configured. `next` is the
 * checked path the sign-in returns to.
 */
export function SocialButtons({ providers, next }: { providers: SocialProviders; next: string }) {
  const t = useTranslations('login');
  const api = useApi();
  const router = useRouter();
  const locale = useLocale();
  if (!providers.google && !providers.facebook) return null;

  const google = async () => {
    const res = await api('/api/login/google/url', { overlay: true });
    keepReturnPath(next);
    window.location.assign(res.data.url);
  };

  const facebook = async () => {
    if (!providers.facebookAppId) return;
    await loadFacebookSdk(locale);
    window.FB?.init({ appId: providers.facebookAppId, version: 'v19.0' });
    window.FB?.login(
      async (response) => {
        const token = response.authResponse?.accessToken;
        if (!token) return;
        try {
          await api('/api/login/facebook', {
            method: 'POST',
            body: { access_token: token },
            quiet: true,
            overlay: true,
          });
          router.push(next);
          router.refresh();
        } catch (error) {
          if (keepPreRegistration(error)) router.push('/register');
        }
      },
      { scope: 'email' },
    );
  };

  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-600">{t('or')}</p>
      {providers.google && (
        <Button variant="secondary" fullWidth onClick={google}>
          {t('google')}
        </Button>
      )}
      {providers.facebook && (
        <button
          type="button"
          onClick={facebook}
          className="h-11 w-full rounded-lg bg-[#1877f2] font-semibold text-white hover:bg-[#0f63d1]"
        >
          {t('facebook')}
        </button>
      )}
    </div>
  );
}
