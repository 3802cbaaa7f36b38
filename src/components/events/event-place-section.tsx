'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { SelectField, TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import { textMax } from '@/lib/form-limits';
import type { EventFormPlace, EventFormValues } from '@/lib/schemas/event-form-values';

interface Address {
  place_name: string;
  city: string;
  street: string;
  postcode: string;
}

const addressOf = (place: EventFormPlace): Address => ({
  place_name: place.name,
  city: place.city,
  street: place.street,
  postcode: place.postcode,
});

/**
 * The organiser's place the event belongs to, and the address shown with the event: choosing a place
 * fills the address in, which the organiser may still change.
 */
export function EventPlaceSection({
  places,
  event,
  errors,
}: {
  places: EventFormPlace[];
  event?: EventFormValues;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form');
  const onlyPlace = places.length === 1 ? places[0] : undefined;
  const [placeId, setPlaceId] = useState(
    event ? String(event.place_id) : onlyPlace ? String(onlyPlace.id) : '',
  );
  const [address, setAddress] = useState<Address>(() => {
    if (event)
      return {
        place_name: event.place_name,
        city: event.city,
        street: event.street,
        postcode: event.postcode,
      };
    return onlyPlace ? addressOf(onlyPlace) : { place_name: '', city: '', street: '', postcode: '' };
  });

  const choosePlace = (value: string) => {
    setPlaceId(value);
    const place = places.find((p) => String(p.id) === value);
    if (place) setAddress(addressOf(place));
  };
  const addressField = (name: keyof Address) => ({
    name,
    label: t(name),
    errors,
    value: address[name],
    onChange: (e: FormEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setAddress((a) => ({ ...a, [name]: value }));
    },
  });

  return (
    <FormSection legend={t('sections.place')} className={shrinkingSectionClass}>
      <SelectField
        name="place_id"
        label={t('place')}
        hint={t('place_hint')}
        errors={errors}
        required
        value={placeId}
        onChange={(e) => choosePlace(e.currentTarget.value)}
      >
        {!onlyPlace && <option value="">{t('place_placeholder')}</option>}
        {places.map((p) => (
          <option key={p.id} value={p.id}>
            {p.city ? `${p.name} (${p.city})` : p.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...addressField('place_name')} maxLength={textMax.name} className="sm:col-span-2" />
        <TextField {...addressField('city')} maxLength={textMax.city} autoComplete="address-level2" />
        <TextField {...addressField('street')} maxLength={textMax.street} autoComplete="address-line1" />
        <TextField
          {...addressField('postcode')}
          maxLength={textMax.eventPostcode}
          placeholder={t('postcode_placeholder')}
          autoComplete="postal-code"
        />
      </div>
    </FormSection>
  );
}
