'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toasts';
import { CompanyForm } from './company-form';
import type { CompanyFormInitial } from './company-form-initial';
import type { HomeAdOffer } from './company-home-ad-section';
import { UserForm, type UserFormInitial } from './user-form';

export function ProfileUserForm({ userId, initial }: { userId: number; initial: UserFormInitial }) {
  const router = useRouter();
  return (
    <UserForm
      mode="edit"
      userId={userId}
      initial={initial}
      onDone={(message) => {
        toast.success(message);
        router.refresh();
      }}
    />
  );
}

export function ProfileCompanyForm(props: {
  userId: number;
  initial: CompanyFormInitial;
  categories: { id: number; name: string }[];
  languages: { id: number; name: string }[];
  limits: { images: number; movies: number };
  homeAd: HomeAdOffer;
}) {
  const t = useTranslations('api');
  const router = useRouter();
  return (
    <CompanyForm
      {...props}
      onSaved={() => {
        toast.success(t('success'));
        router.refresh();
      }}
    />
  );
}
