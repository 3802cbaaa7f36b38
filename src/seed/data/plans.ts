// Demo-data pricing. All prices are in grosze (1/100 PLN), gross.

export interface SeedPlan {
  namePl: string;
  nameEn: string;
  level: number;
  // Gross price per month, in grosze.
  pricePerMonth: number;
  // Promo discount in percent, for the first `promoMonths` months.
  promo: number;
  promoMonths: number;
  isPromoActive: boolean;
  isDefault: boolean;
  // Events an organiser may publish per month within the plan.
  availableEvents: number;
  techSupport: boolean;
  companyDescription: boolean;
  askQuestions: boolean;
  displayEmail: boolean;
  displayPhone: boolean;
  imagesCount: number;
  moviesCount: number;
  virtualWalk: boolean;
  showMap: boolean;
  displayUrl: boolean;
  // Extra search radius (km) within which the venue is shown.
  bonusDistance: number;
  displaySocial: boolean;
  calendarAccess: boolean;
  answerComments: boolean;
  messengerAccess: boolean;
}

export const plans: SeedPlan[] = [
  {
    namePl: 'Basic',
    nameEn: 'Basic',
    level: 1,
    pricePerMonth: 0,
    promo: 0,
    promoMonths: 0,
    isPromoActive: false,
    isDefault: true,
    availableEvents: 3,
    techSupport: false,
    companyDescription: false,
    askQuestions: false,
    displayEmail: false,
    displayPhone: false,
    imagesCount: 3,
    moviesCount: 0,
    virtualWalk: false,
    showMap: false,
    displayUrl: false,
    bonusDistance: 0,
    displaySocial: false,
    calendarAccess: false,
    answerComments: false,
    messengerAccess: false,
  },
  {
    namePl: 'Standard',
    nameEn: 'Standard',
    level: 2,
    pricePerMonth: 4900,
    promo: 0,
    promoMonths: 0,
    isPromoActive: false,
    isDefault: false,
    availableEvents: 10,
    techSupport: false,
    companyDescription: true,
    askQuestions: true,
    displayEmail: true,
    displayPhone: true,
    imagesCount: 8,
    moviesCount: 1,
    virtualWalk: false,
    showMap: true,
    displayUrl: true,
    bonusDistance: 10,
    displaySocial: false,
    calendarAccess: true,
    answerComments: true,
    messengerAccess: false,
  },
  {
    namePl: 'PRO',
    nameEn: 'PRO',
    level: 3,
    pricePerMonth: 9900,
    promo: 20,
    promoMonths: 3,
    isPromoActive: true,
    isDefault: false,
    availableEvents: 30,
    techSupport: true,
    companyDescription: true,
    askQuestions: true,
    displayEmail: true,
    displayPhone: true,
    imagesCount: 20,
    moviesCount: 3,
    virtualWalk: false,
    showMap: true,
    displayUrl: true,
    bonusDistance: 25,
    displaySocial: true,
    calendarAccess: true,
    answerComments: true,
    messengerAccess: true,
  },
  {
    namePl: 'PRO+',
    nameEn: 'PRO+',
    level: 4,
    pricePerMonth: 19900,
    promo: 0,
    promoMonths: 0,
    isPromoActive: false,
    isDefault: false,
    availableEvents: 100,
    techSupport: true,
    companyDescription: true,
    askQuestions: true,
    displayEmail: true,
    displayPhone: true,
    imagesCount: 50,
    moviesCount: 10,
    virtualWalk: true,
    showMap: true,
    displayUrl: true,
    bonusDistance: 50,
    displaySocial: true,
    calendarAccess: true,
    answerComments: true,
    messengerAccess: true,
  },
];

// Extra event publications bought on top of a plan.
export interface SeedEventPack {
  descriptionPl: string;
  descriptionEn: string;
  // Gross, in grosze.
  price: number;
  count: number;
}

export const eventPacks: SeedEventPack[] = [
  {
    descriptionPl: 'Pakiet 5 dodatkowych wydarzeń',
    descriptionEn: 'Pack of 5 extra events',
    price: 4900,
    count: 5,
  },
  {
    descriptionPl: 'Pakiet 10 dodatkowych wydarzeń',
    descriptionEn: 'Pack of 10 extra events',
    price: 8900,
    count: 10,
  },
  {
    descriptionPl: 'Pakiet 25 dodatkowych wydarzeń',
    descriptionEn: 'Pack of 25 extra events',
    price: 19900,
    count: 25,
  },
  {
    descriptionPl: 'Pakiet 50 dodatkowych wydarzeń',
    descriptionEn: 'Pack of 50 extra events',
    price: 34900,
    count: 50,
  },
];

// Event promotion: one event highlighted in listings for `days`.
export interface SeedPricePack {
  namePl: string;
  nameEn: string;
  days: number;
  // Gross, in grosze.
  price: number;
}

export const pricePacks: SeedPricePack[] = [
  { namePl: 'Promocja na 7 dni', nameEn: '7-day promotion', days: 7, price: 2900 },
  { namePl: 'Promocja na 14 dni', nameEn: '14-day promotion', days: 14, price: 4900 },
  { namePl: 'Promocja na 30 dni', nameEn: '30-day promotion', days: 30, price: 8900 },
];
