'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { CompanyForm, type PlaceEndpoint } from '@/components/accounts/company-form';
import type { CompanyFormInitial } from '@/components/accounts/company-form-initial';
import type { AttributeOption } from '@/components/attributes/attributes-fieldset';
import { useRouter } from '@/components/hooks/use-router';
import type { MapSettings } from '@/components/map/map-settings';
import { toast } from '@/components/ui/toasts';

// Issue 30: the special days; their code loads after the page's first JavaScript.
const CompanySpecialHoursSection = dynamic(() =>
  import('@/components/accounts/company-special-hours-section').then((m) => m.CompanySpecialHoursSection),
);

// Issue 30: the attributes' checkboxes, loaded apart, out of the page's first load.
const AttributesFieldset = dynamic(() =>
  import('@/components/attributes/attributes-fieldset').then((m) => m.AttributesFieldset),
);

/** The place form of /account/create-place and /account/edit-place/{id}; back to the list once saved. */
export function PlaceForm({
  endpoint,
  attributes,
  ...props
}: {
  endpoint: PlaceEndpoint;
  initial?: CompanyFormInitial;
  categories: { id: number; name: string }[];
  languages: { id: number; name: string }[];
  attributes: AttributeOption[];
  limits: { images: number; movies: number };
  map: MapSettings;
}) {
  const t = useTranslations('account_places');
  const router = useRouter();
  return (
    <CompanyForm
      endpoint={endpoint}
      {...props}
      afterHours={(errors) => (
        <CompanySpecialHoursSection days={props.initial?.specialHours ?? []} errors={errors} />
      )}
      attributes={(errors) => (
        <AttributesFieldset
          options={attributes}
          checked={props.initial?.attributeIds ?? []}
          errors={errors}
        />
      )}
      onSaved={() => {
        toast.success(t(endpoint.method === 'create' ? 'created' : 'saved'));
        router.push('/account/places');
        router.refresh();
      }}
    />
  );
}
