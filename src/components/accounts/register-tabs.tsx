'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useRouter } from '@/components/hooks/use-router';
import { toast } from '@/components/ui/toasts';
import type { HomeAdOffer } from './company-home-ad-section';
import { CompanyRegisterForm } from './company-register-form';
import { UserForm } from './user-form';

const tabs = ['user', 'organiser'] as const;
type Tab = (typeof tabs)[number];

/** Spec §2 /register: User / Organiser tabs; the #organiser hash selects the organiser form. */
export function RegisterTabs({
  categories,
  languages,
  limits,
  homeAd,
}: {
  categories: { id: number; name: string }[];
  languages: { id: number; name: string }[];
  limits: { images: number; movies: number };
  homeAd: HomeAdOffer;
}) {
  const t = useTranslations('register');
  const router = useRouter();
  const [tab, setTab] = useState<Tab>('user');
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    const read = () => setTab(window.location.hash === '#organiser' ? 'organiser' : 'user');
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);

  const choose = (next: Tab) => {
    setTab(next);
    window.history.replaceState(null, '', next === 'organiser' ? '#organiser' : window.location.pathname);
  };

  // Spec §4: the confirm-email message, then on to /login.
  const registered = (message: string) => {
    setDone(message);
    toast.success(message);
    window.setTimeout(() => router.push('/login'), 4000);
  };

  if (done) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6">
        <p className="font-semibold text-green-900">{done}</p>
        <p className="mt-2 text-sm text-green-900">{t('redirecting')}</p>
      </div>
    );
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('tabs')}
        className="mb-6 flex gap-2 rounded-xl border border-slate-200 bg-white p-1"
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            className={`flex-1 rounded-lg px-4 py-2 font-semibold ${tab === name ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            onClick={() => choose(name)}
          >
            {t(`tab_${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'user' ? (
          <UserForm mode="register" onDone={registered} />
        ) : (
          <CompanyRegisterForm
            categories={categories}
            languages={languages}
            limits={limits}
            homeAd={homeAd}
            onRegistered={() => registered(t('registered'))}
          />
        )}
      </div>
    </div>
  );
}
