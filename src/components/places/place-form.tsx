'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CompanyForm, type PlaceEndpoint } from '@/components/accounts/company-form';
import type { CompanyFormInitial } from '@/components/accounts/company-form-initial';
import type { MapSettings } from '@/components/map/map-settings';
import { toast } from '@/components/ui/toasts';

/** The place form of /account/create-place and /account/edit-place/{id}; back to the list once saved. */
export function PlaceForm({
  endpoint,
  ...props
}: {
  endpoint: PlaceEndpoint;
  initial?: CompanyFormInitial;
  categories: { id: number; name: string }[];
  languages: { id: number; name: string }[];
  limits: { images: number; movies: number };
  map: MapSettings;
}) {
  const t = useTranslations('account_places');
  const router = useRouter();
  return (
    <CompanyForm
      mode="edit"
      endpoint={endpoint}
      {...props}
      onSaved={() => {
        toast.success(t(endpoint.method === 'create' ? 'created' : 'saved'));
        router.push('/account/places');
        router.refresh();
      }}
    />
  );
}
