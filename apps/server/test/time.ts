export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 24 * 3600 * 1000);
