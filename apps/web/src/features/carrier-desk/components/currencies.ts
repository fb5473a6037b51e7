/** The currencies the desk prices in (ISO 4217); the server accepts any three-letter code. */
export const DESK_CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AED', 'SGD', 'CNY', 'ISK', 'NOK'] as const;
