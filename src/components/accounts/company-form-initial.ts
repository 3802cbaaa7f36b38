/** One day of a place's opening hours as stored; `weekDay` 1 is Monday. */
export interface OpeningHoursDay {
  weekDay: number;
  from: string | null;
  to: string | null;
  closed: boolean;
  wholeDay: boolean;
}

/** One stored special day (issue 30): a Warsaw date with other hours, closed or open 24 hours. */
export interface SpecialDayInitial {
  date: string;
  from: string | null;
  to: string | null;
  closed: boolean;
  wholeDay: boolean;
}

/** The stored values the company and place forms start from (absent on registration and new places). */
export interface CompanyFormInitial {
  /** Issue 31: the texts in Polish under the spec's names and in English under `_en` ('' or [] where none). */
  name: string;
  name_en: string;
  city: string;
  street: string;
  postcode: string;
  phone: string;
  phone2: string;
  phone3: string;
  email_contact: string;
  url: string;
  facebook: string;
  instagram: string;
  linked_in: string;
  virtual_walk: string;
  description: string;
  description_en: string;
  categories: number[];
  languages: number[];
  /** Issue 30: the ids of its attributes (step-free entrance, changing table…). */
  attributeIds?: number[];
  attractions: string[];
  attractions_en: string[];
  additional_infos: string[];
  additional_infos_en: string[];
  youtube: string[];
  hours: OpeningHoursDay[];
  /** The place's special days from yesterday on (place pages only). */
  specialHours?: SpecialDayInitial[];
  images: { id: number; url: string }[];
  logo: string | null;
  banner: string | null;
  /** The place's coordinates, shown and kept by the location picker (place pages only). */
  lat?: number | null;
  lng?: number | null;
}
