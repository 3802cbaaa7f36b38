// What the event form is filled with (spec §4 edit mode): page data, not an API answer, so plain types
// rather than schemas. The fields carry their form names, as `createEventBodySchema` reads them back.

/** One of the company's places the event can take place at. */
export interface EventFormPlace {
  id: number;
  name: string;
  city: string;
  street: string;
  postcode: string;
}

/** A series' rule and exceptions as the form's repeat section shows them (issue 17). */
export interface EventFormRepeat {
  /** `custom`: a rule the form cannot describe (from an import), kept as it is in `rule`. */
  freq: 'daily' | 'weekly' | 'monthly' | 'custom';
  interval: number;
  days: string[];
  monthly: 'date' | 'weekday';
  end: 'until' | 'count';
  /** YYYY-MM-DD or ''. */
  until: string;
  count: number | null;
  rule: string;
  /** YYYY-MM-DD of the cancelled dates. */
  cancel_dates: string[];
  /** The dates moved (YYYY-MM-DD) and their new date and hour. */
  moves: { from: string; date: string; time: string }[];
}

/** An event's values for editing: dates as Warsaw wall-clock strings, prices in złoty, blanks as ''. */
export interface EventFormValues {
  id: number;
  place_id: number;
  category_id: number;
  /** Issue 30: the ids of its attributes. */
  attribute_ids?: number[];
  name: string;
  place_name: string;
  description: string;
  /** Issue 31: the English texts ('' where none is written). */
  name_en: string;
  place_name_en: string;
  description_en: string;
  /** Null when not given (an imported event): the field starts empty. */
  price_min: number | null;
  price_max: number | null;
  city: string;
  street: string;
  postcode: string;
  spots_left: number | null;
  /** Issue 33: the event takes registrations, which count its spots left. */
  registration?: boolean;
  buy_ticket_url: string;
  virtual_walk: string;
  /** YouTube video ids. */
  youtube: string[];
  /** YYYY-MM-DD and HH:mm. */
  start_date: string;
  start_date_h: string;
  end_date: string;
  end_date_h: string;
  banner: string | null;
  images: { id: number; url: string; is_default: boolean }[];
  /** Null for a single event. */
  repeat: EventFormRepeat | null;
}
