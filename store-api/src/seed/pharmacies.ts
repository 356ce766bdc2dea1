import { stableId } from '../ids';
import { COUNTRY_CH_ID, COUNTRY_LI_ID } from '../known-ids';
import type { SeedRandom } from './random';
import { slugify, UniqueSlugs } from './slugs';
import type { TableWriter } from './table-writer';

// The pharmacy network across Switzerland and Liechtenstein: real towns with their postal codes and
// approximate coordinates; names and streets follow the language of the region.

type Region = 'de' | 'fr' | 'it';

const TOWNS: [string, string, number, number, Region, 'CH' | 'LI'][] = [
  ['Zürich', '8001', 47.3769, 8.5417, 'de', 'CH'], ['Zürich', '8004', 47.3781, 8.5236, 'de', 'CH'],
  ['Winterthur', '8400', 47.4988, 8.7237, 'de', 'CH'], ['Uster', '8610', 47.3471, 8.7209, 'de', 'CH'],
  ['Bern', '3011', 46.948, 7.4474, 'de', 'CH'], ['Köniz', '3098', 46.9244, 7.4146, 'de', 'CH'],
  ['Thun', '3600', 46.758, 7.628, 'de', 'CH'], ['Biel/Bienne', '2502', 47.1368, 7.2467, 'de', 'CH'],
  ['Basel', '4051', 47.5596, 7.5886, 'de', 'CH'], ['Basel', '4057', 47.5702, 7.5979, 'de', 'CH'],
  ['Liestal', '4410', 47.484, 7.7345, 'de', 'CH'], ['Luzern', '6003', 47.0502, 8.3093, 'de', 'CH'],
  ['Zug', '6300', 47.1662, 8.5155, 'de', 'CH'], ['Schwyz', '6430', 47.0207, 8.653, 'de', 'CH'],
  ['Altdorf', '6460', 46.8804, 8.6443, 'de', 'CH'], ['Stans', '6370', 46.958, 8.366, 'de', 'CH'],
  ['Sarnen', '6060', 46.896, 8.246, 'de', 'CH'], ['St. Gallen', '9000', 47.4245, 9.3767, 'de', 'CH'],
  ['Wil', '9500', 47.4615, 9.0455, 'de', 'CH'], ['Rapperswil-Jona', '8640', 47.2266, 8.8184, 'de', 'CH'],
  ['Herisau', '9100', 47.3858, 9.2792, 'de', 'CH'], ['Appenzell', '9050', 47.3313, 9.4093, 'de', 'CH'],
  ['Chur', '7000', 46.8508, 9.532, 'de', 'CH'], ['Davos', '7270', 46.8027, 9.836, 'de', 'CH'],
  ['Glarus', '8750', 47.0404, 9.068, 'de', 'CH'], ['Schaffhausen', '8200', 47.6973, 8.6349, 'de', 'CH'],
  ['Frauenfeld', '8500', 47.5535, 8.8987, 'de', 'CH'], ['Kreuzlingen', '8280', 47.6505, 9.175, 'de', 'CH'],
  ['Aarau', '5000', 47.3925, 8.0442, 'de', 'CH'], ['Baden', '5400', 47.4733, 8.3081, 'de', 'CH'],
  ['Solothurn', '4500', 47.2088, 7.5323, 'de', 'CH'], ['Olten', '4600', 47.35, 7.9033, 'de', 'CH'],
  ['Genève', '1204', 46.2044, 6.1432, 'fr', 'CH'], ['Genève', '1201', 46.2101, 6.1426, 'fr', 'CH'],
  ['Lausanne', '1003', 46.5197, 6.6323, 'fr', 'CH'], ['Montreux', '1820', 46.4312, 6.9107, 'fr', 'CH'],
  ['Nyon', '1260', 46.3833, 6.2398, 'fr', 'CH'], ['Yverdon-les-Bains', '1400', 46.7785, 6.6411, 'fr', 'CH'],
  ['Fribourg', '1700', 46.8065, 7.1619, 'fr', 'CH'], ['Neuchâtel', '2000', 46.99, 6.9293, 'fr', 'CH'],
  ['Delémont', '2800', 47.3649, 7.3445, 'fr', 'CH'], ['Sion', '1950', 46.2331, 7.3606, 'fr', 'CH'],
  ['Martigny', '1920', 46.1028, 7.0727, 'fr', 'CH'], ['Lugano', '6900', 46.0037, 8.9511, 'it', 'CH'],
  ['Bellinzona', '6500', 46.1955, 9.0238, 'it', 'CH'], ['Locarno', '6600', 46.1709, 8.7995, 'it', 'CH'],
  ['Mendrisio', '6850', 45.8704, 8.9817, 'it', 'CH'],
  ['Vaduz', '9490', 47.141, 9.5209, 'de', 'LI'], ['Schaan', '9494', 47.165, 9.5097, 'de', 'LI'],
  ['Triesen', '9495', 47.107, 9.5276, 'de', 'LI'], ['Balzers', '9496', 47.0667, 9.5025, 'de', 'LI'],
  ['Eschen', '9492', 47.2107, 9.5228, 'de', 'LI'],
];

/** The town's telephone area code (without the leading 0): a Bern pharmacy answers on 031, one in Lugano on 091. */
const AREA_CODES: Record<string, string> = {
  Zürich: '44', Winterthur: '52', Uster: '44', Bern: '31', Köniz: '31', Thun: '33', 'Biel/Bienne': '32', Basel: '61',
  Liestal: '61', Luzern: '41', Zug: '41', Schwyz: '41', Altdorf: '41', Stans: '41', Sarnen: '41', 'St. Gallen': '71',
  Wil: '71', 'Rapperswil-Jona': '55', Herisau: '71', Appenzell: '71', Chur: '81', Davos: '81', Glarus: '55',
  Schaffhausen: '52', Frauenfeld: '52', Kreuzlingen: '71', Aarau: '62', Baden: '56', Solothurn: '32', Olten: '62',
  Genève: '22', Lausanne: '21', Montreux: '21', Nyon: '22', 'Yverdon-les-Bains': '24', Fribourg: '26', Neuchâtel: '32',
  Delémont: '32', Sion: '27', Martigny: '27', Lugano: '91', Bellinzona: '91', Locarno: '91', Mendrisio: '91',
};

/** Seeded pharmacies write from a reserved example domain: an invented address must not reach a real mailbox. */
export const PHARMACY_MAIL_DOMAIN = 'apotheken.example.ch';

const NAMES: Record<Region, string[]> = {
  de: ['Apotheke am Bahnhof', 'Stadt-Apotheke', 'Löwen-Apotheke', 'Sonnen-Apotheke', 'Dorf-Apotheke', 'Apotheke zum Rosengarten', 'Linden-Apotheke'],
  fr: ['Pharmacie de la Gare', 'Pharmacie du Lac', 'Pharmacie Centrale', 'Pharmacie du Marché', 'Pharmacie des Alpes'],
  it: ['Farmacia della Stazione', 'Farmacia Centrale', 'Farmacia del Lago', 'Farmacia San Rocco'],
};

const STREETS: Record<Region, string[]> = {
  de: ['Bahnhofstrasse', 'Hauptstrasse', 'Marktgasse', 'Poststrasse', 'Kirchgasse', 'Seestrasse', 'Dorfstrasse'],
  fr: ['Rue de la Gare', 'Rue du Marché', 'Avenue de la Poste', 'Rue Centrale', 'Place du Midi'],
  it: ['Via della Stazione', 'Via Nassa', 'Piazza Grande', 'Corso San Gottardo', 'Via Cantonale'],
};

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

export function seedPharmacies(w: TableWriter, random: SeedRandom): number {
  const slugs = new UniqueSlugs();
  TOWNS.forEach(([city, zipcode, latitude, longitude, region, country], index) => {
    const name = `${random.pick(NAMES[region])} ${city}`;
    const urlPath = slugs.claim(slugify(name));
    const longHours = random.chance(0.3);
    const hours: Record<string, string[][]> = {};
    for (const day of WEEKDAYS) {
      hours[day] = longHours ? [['07:30', '20:00']] : random.chance(0.5) ? [['08:00', '12:15'], ['13:30', '18:30']] : [['08:00', '18:30']];
    }
    hours.sat = [['08:00', random.pick(['12:00', '16:00', '17:00'])]];
    hours.sun = [];
    const services = random.sample(['vaccination', 'blood-pressure', 'compression-stockings', 'medication-check', 'home-delivery', 'netcare'], random.int(2, 4));
    w.insert('pharmacy', {
      id: stableId('pharmacy', index, city), url_path: urlPath, name,
      street: `${random.pick(STREETS[region])} ${random.int(1, 80)}`, zipcode, city,
      country_id: country === 'CH' ? COUNTRY_CH_ID : COUNTRY_LI_ID,
      latitude: Math.round((latitude + (random.next() - 0.5) * 0.004) * 1e6) / 1e6,
      longitude: Math.round((longitude + (random.next() - 0.5) * 0.004) * 1e6) / 1e6,
      phone: phoneNumber(random, country, city),
      email: `${urlPath}@${PHARMACY_MAIL_DOMAIN}`,
      opening_hours: hours, services, click_and_collect: random.chance(0.8),
    });
  });
  return TOWNS.length;
}

function phoneNumber(random: SeedRandom, country: 'CH' | 'LI', city: string): string {
  if (country === 'LI') return `+423 ${random.int(230, 399)} ${random.int(10, 99)} ${random.int(10, 99)}`;
  // One draw stands where the area code used to be drawn, so the pharmacies after this one keep their names and paths.
  random.next();
  const area = AREA_CODES[city];
  if (!area) throw new Error(`no area code for ${city}`);
  return `+41 ${area} ${random.int(200, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`;
}
