/**
 * Word lists and phrase tables of the demo content: the people, places, sports and templates that titles, teasers
 * and story texts are made from, in the languages of the demo locales. People, teams and events are invented.
 */

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A text in English and, where it matters, in the other demo languages; English stands in for a missing one. */
export type Phrase = { en: string } & Partial<Record<Language, string>>;

/** The language of a locale: `pt-BR` is pt, `en-US` is en; a language without phrases falls back to English. */
export function languageOf(locale: string): Language {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return LANGUAGES.find((known) => known === language) ?? 'en';
}

export function say(phrase: Phrase, language: Language): string {
  return phrase[language] ?? phrase.en;
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export interface Place {
  key: string;
  name: Phrase;
  country: string;
  countryName: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

const place = (key: string, name: Phrase, country: string, countryName: string, latitude: number, longitude: number, timezone: string): Place => ({
  key,
  name,
  country,
  countryName,
  latitude,
  longitude,
  timezone,
});

export const PLACES: readonly Place[] = [
  place('mostar', { en: 'Mostar', ja: 'モスタル' }, 'BA', 'Bosnia and Herzegovina', 43.3438, 17.8078, 'Europe/Sarajevo'),
  place('kitzbuehel', { en: 'Kitzbühel', ja: 'キッツビュール' }, 'AT', 'Austria', 47.4467, 12.3921, 'Europe/Vienna'),
  place('cape-town', { en: 'Cape Town', de: 'Kapstadt', fr: 'Le Cap', es: 'Ciudad del Cabo', it: 'Città del Capo', ja: 'ケープタウン', pt: 'Cidade do Cabo' }, 'ZA', 'South Africa', -33.9249, 18.4241, 'Africa/Johannesburg'),
  place('red-rocks', { en: 'Red Rocks', ja: 'レッドロックス' }, 'US', 'United States', 39.6654, -105.2057, 'America/Denver'),
  place('nazare', { en: 'Nazaré', ja: 'ナザレ' }, 'PT', 'Portugal', 39.6021, -9.071, 'Europe/Lisbon'),
  place('innsbruck', { en: 'Innsbruck', ja: 'インスブルック' }, 'AT', 'Austria', 47.2692, 11.4041, 'Europe/Vienna'),
  place('chamonix', { en: 'Chamonix', ja: 'シャモニー' }, 'FR', 'France', 45.9237, 6.8694, 'Europe/Paris'),
  place('queenstown', { en: 'Queenstown', ja: 'クイーンズタウン' }, 'NZ', 'New Zealand', -45.0312, 168.6626, 'Pacific/Auckland'),
  place('whistler', { en: 'Whistler', ja: 'ウィスラー' }, 'CA', 'Canada', 50.1163, -122.9574, 'America/Vancouver'),
  place('tokyo', { en: 'Tokyo', de: 'Tokio', es: 'Tokio', ja: '東京', pt: 'Tóquio' }, 'JP', 'Japan', 35.6762, 139.6503, 'Asia/Tokyo'),
  place('rio', { en: 'Rio de Janeiro', ja: 'リオデジャネイロ' }, 'BR', 'Brazil', -22.9068, -43.1729, 'America/Sao_Paulo'),
  place('lisbon', { en: 'Lisbon', de: 'Lissabon', fr: 'Lisbonne', es: 'Lisboa', it: 'Lisbona', ja: 'リスボン', pt: 'Lisboa' }, 'PT', 'Portugal', 38.7223, -9.1393, 'Europe/Lisbon'),
  place('salzburg', { en: 'Salzburg', fr: 'Salzbourg', es: 'Salzburgo', it: 'Salisburgo', ja: 'ザルツブルク', pt: 'Salzburgo' }, 'AT', 'Austria', 47.8095, 13.055, 'Europe/Vienna'),
  place('zermatt', { en: 'Zermatt', ja: 'ツェルマット' }, 'CH', 'Switzerland', 46.0207, 7.7491, 'Europe/Zurich'),
  place('hossegor', { en: 'Hossegor', ja: 'オスゴール' }, 'FR', 'France', 43.6647, -1.3978, 'Europe/Paris'),
  place('moab', { en: 'Moab', ja: 'モアブ' }, 'US', 'United States', 38.5733, -109.5498, 'America/Denver'),
  place('val-di-sole', { en: 'Val di Sole', ja: 'ヴァル・ディ・ソーレ' }, 'IT', 'Italy', 46.3167, 10.8833, 'Europe/Rome'),
  place('lofoten', { en: 'Lofoten', ja: 'ロフォーテン' }, 'NO', 'Norway', 68.1667, 13.75, 'Europe/Oslo'),
  place('north-shore', { en: 'North Shore', ja: 'ノースショア' }, 'US', 'United States', 21.5944, -158.1036, 'Pacific/Honolulu'),
  place('monte-carlo', { en: 'Monte Carlo', ja: 'モンテカルロ' }, 'MC', 'Monaco', 43.7396, 7.4276, 'Europe/Monaco'),
  place('jyvaskyla', { en: 'Jyväskylä', ja: 'ユヴァスキュラ' }, 'FI', 'Finland', 62.2426, 25.7473, 'Europe/Helsinki'),
  place('barcelona', { en: 'Barcelona', fr: 'Barcelone', it: 'Barcellona', ja: 'バルセロナ' }, 'ES', 'Spain', 41.3874, 2.1686, 'Europe/Madrid'),
  place('mumbai', { en: 'Mumbai', fr: 'Bombay', ja: 'ムンバイ' }, 'IN', 'India', 19.076, 72.8777, 'Asia/Kolkata'),
  place('polignano', { en: 'Polignano a Mare', ja: 'ポリニャーノ・ア・マーレ' }, 'IT', 'Italy', 40.9959, 17.2197, 'Europe/Rome'),
  place('sisteron', { en: 'Sisteron', ja: 'シストロン' }, 'FR', 'France', 44.195, 5.9437, 'Europe/Paris'),
  place('leogang', { en: 'Leogang', ja: 'レオガング' }, 'AT', 'Austria', 47.4389, 12.7617, 'Europe/Vienna'),
  place('mexico-city', { en: 'Mexico City', de: 'Mexiko-Stadt', fr: 'Mexico', es: 'Ciudad de México', it: 'Città del Messico', ja: 'メキシコシティ', pt: 'Cidade do México' }, 'MX', 'Mexico', 19.4326, -99.1332, 'America/Mexico_City'),
  place('seoul', { en: 'Seoul', fr: 'Séoul', es: 'Seúl', it: 'Seul', ja: 'ソウル', pt: 'Seul' }, 'KR', 'South Korea', 37.5665, 126.978, 'Asia/Seoul'),
];

export interface Discipline {
  key: string;
  name: Phrase;
  /** How its events are called after their place, e.g. "Mostar Cliff Diving Classic". */
  eventSuffix: string;
  places: readonly string[];
  category: 'sports' | 'culture' | 'gaming';
}

export const DISCIPLINES: readonly Discipline[] = [
  { key: 'cliff-diving', name: { en: 'Cliff Diving', de: 'Klippenspringen', fr: 'Plongeon de haut vol', es: 'Salto de acantilado', it: 'Tuffi dalle grandi altezze', ja: 'クリフダイビング', pt: 'Salto de penhasco' }, eventSuffix: 'Cliff Diving Classic', places: ['mostar', 'polignano', 'lisbon', 'north-shore'], category: 'sports' },
  { key: 'mountain-bike', name: { en: 'Mountain Bike', de: 'Mountainbike', fr: 'VTT', es: 'Ciclismo de montaña', it: 'Mountain bike', ja: 'マウンテンバイク', pt: 'Mountain bike' }, eventSuffix: 'Freeride Fest', places: ['moab', 'leogang', 'val-di-sole', 'queenstown', 'whistler'], category: 'sports' },
  { key: 'formula-1', name: { en: 'F1', de: 'Formel 1', fr: 'Formule 1', es: 'Fórmula 1', it: 'Formula 1', ja: 'F1', pt: 'Fórmula 1' }, eventSuffix: 'Grand Prix', places: ['monte-carlo', 'barcelona', 'mexico-city'], category: 'sports' },
  { key: 'snowboarding', name: { en: 'Snowboarding', de: 'Snowboarden', fr: 'Snowboard', es: 'Snowboard', it: 'Snowboard', ja: 'スノーボード', pt: 'Snowboard' }, eventSuffix: 'Big Air Invitational', places: ['innsbruck', 'whistler', 'zermatt', 'kitzbuehel'], category: 'sports' },
  { key: 'breaking', name: { en: 'Breaking', ja: 'ブレイキン' }, eventSuffix: 'Breaking World Final', places: ['mumbai', 'seoul', 'rio', 'tokyo'], category: 'culture' },
  { key: 'surfing', name: { en: 'Surfing', de: 'Surfen', fr: 'Surf', es: 'Surf', it: 'Surf', ja: 'サーフィン', pt: 'Surfe' }, eventSuffix: 'Big Wave Challenge', places: ['nazare', 'cape-town', 'hossegor', 'north-shore'], category: 'sports' },
  { key: 'esports', name: { en: 'Esports', de: 'E-Sport', fr: 'E-sport', es: 'Esports', it: 'Esport', ja: 'eスポーツ', pt: 'eSports' }, eventSuffix: 'Esports Masters', places: ['tokyo', 'seoul', 'barcelona'], category: 'gaming' },
  { key: 'skateboarding', name: { en: 'Skateboarding', de: 'Skateboarden', fr: 'Skateboard', es: 'Skateboarding', it: 'Skateboard', ja: 'スケートボード', pt: 'Skate' }, eventSuffix: 'Street Skate Jam', places: ['barcelona', 'tokyo', 'lisbon'], category: 'sports' },
  { key: 'motocross', name: { en: 'Motocross', ja: 'モトクロス' }, eventSuffix: 'Hard Enduro', places: ['sisteron', 'moab', 'salzburg'], category: 'sports' },
  { key: 'air-racing', name: { en: 'Air Racing', de: 'Air Race', fr: 'Course aérienne', es: 'Carreras aéreas', it: 'Air race', ja: 'エアレース', pt: 'Corrida aérea' }, eventSuffix: 'Air Race', places: ['lisbon', 'salzburg', 'kitzbuehel'], category: 'sports' },
  { key: 'rally', name: { en: 'Rally', de: 'Rallye', fr: 'Rallye', es: 'Rally', it: 'Rally', ja: 'ラリー', pt: 'Rali' }, eventSuffix: 'Rally', places: ['jyvaskyla', 'monte-carlo', 'mexico-city'], category: 'sports' },
  { key: 'paragliding', name: { en: 'Paragliding', de: 'Gleitschirmfliegen', fr: 'Parapente', es: 'Parapente', it: 'Parapendio', ja: 'パラグライダー', pt: 'Parapente' }, eventSuffix: 'Paragliding Open', places: ['sisteron', 'chamonix', 'zermatt', 'salzburg'], category: 'sports' },
  { key: 'freeskiing', name: { en: 'Freeskiing', de: 'Freeski', fr: 'Ski freestyle', es: 'Freeski', it: 'Freeski', ja: 'フリースキー', pt: 'Freeski' }, eventSuffix: 'Freeride Open', places: ['kitzbuehel', 'chamonix', 'zermatt', 'whistler'], category: 'sports' },
  { key: 'bmx', name: { en: 'BMX', ja: 'BMX' }, eventSuffix: 'BMX Dirt Jam', places: ['red-rocks', 'barcelona', 'innsbruck'], category: 'sports' },
  { key: 'climbing', name: { en: 'Climbing', de: 'Klettern', fr: 'Escalade', es: 'Escalada', it: 'Arrampicata', ja: 'クライミング', pt: 'Escalada' }, eventSuffix: 'Bouldering Cup', places: ['lofoten', 'moab', 'innsbruck'], category: 'sports' },
  { key: 'kayaking', name: { en: 'Kayaking', de: 'Wildwasserkajak', fr: 'Kayak', es: 'Kayak', it: 'Kayak', ja: 'カヤック', pt: 'Caiaque' }, eventSuffix: 'Whitewater Sprint', places: ['lofoten', 'queenstown', 'val-di-sole'], category: 'sports' },
];

export const CONTENT_CATEGORIES: ReadonlyArray<{ key: string; name: Phrase; description: string }> = [
  { key: 'sports', name: { en: 'Sports', de: 'Sport', fr: 'Sport', es: 'Deportes', it: 'Sport', ja: 'スポーツ', pt: 'Esportes' }, description: 'Action sports, racing and competition.' },
  { key: 'culture', name: { en: 'Culture', de: 'Kultur', fr: 'Culture', es: 'Cultura', it: 'Cultura', ja: 'カルチャー', pt: 'Cultura' }, description: 'Dance, art, photography and street culture.' },
  { key: 'lifestyle', name: { en: 'Lifestyle', ja: 'ライフスタイル', pt: 'Estilo de vida', es: 'Estilo de vida', it: 'Lifestyle', fr: 'Art de vivre', de: 'Lifestyle' }, description: 'Travel, food, gear and life on the road.' },
  { key: 'music', name: { en: 'Music', de: 'Musik', fr: 'Musique', es: 'Música', it: 'Musica', ja: '音楽', pt: 'Música' }, description: 'Artists, festivals and sessions.' },
  { key: 'gaming', name: { en: 'Gaming', ja: 'ゲーム', pt: 'Games', es: 'Videojuegos', it: 'Gaming', fr: 'Jeux vidéo', de: 'Gaming' }, description: 'Esports, games and the people who play them.' },
  { key: 'adventure', name: { en: 'Adventure', de: 'Abenteuer', fr: 'Aventure', es: 'Aventura', it: 'Avventura', ja: 'アドベンチャー', pt: 'Aventura' }, description: 'Expeditions, first descents and wild places.' },
  { key: 'travel', name: { en: 'Travel', de: 'Reisen', fr: 'Voyage', es: 'Viajes', it: 'Viaggi', ja: '旅', pt: 'Viagem' }, description: 'Destinations and guides.' },
  { key: 'film', name: { en: 'Film & Series', de: 'Filme & Serien', fr: 'Films et séries', es: 'Cine y series', it: 'Film e serie', ja: '映画・シリーズ', pt: 'Filmes e séries' }, description: 'Documentaries, series and shorts.' },
];

export const TAGS: ReadonlyArray<{ title: string; subType: 'topic' | 'target' }> = [
  { title: 'Women in Sport', subType: 'topic' },
  { title: 'Behind the Scenes', subType: 'topic' },
  { title: 'Interview', subType: 'topic' },
  { title: 'World Record', subType: 'topic' },
  { title: 'Rookies', subType: 'target' },
  { title: 'Travel Guide', subType: 'topic' },
  { title: 'Gear', subType: 'topic' },
  { title: 'Sustainability', subType: 'topic' },
  { title: 'Photography', subType: 'topic' },
  { title: 'Gen Z', subType: 'target' },
];

export const LSC_ENTRIES: ReadonlyArray<{ title: string; description: string }> = [
  { title: 'Summer of Sport', description: 'The big summer campaign across all channels.' },
  { title: 'Winter Series', description: 'Snow sports from December to March.' },
  { title: 'Music Academy', description: 'Sessions, lectures and concerts with emerging artists.' },
];

export const PARTNERS: ReadonlyArray<{ title: string; website: string }> = [
  { title: 'Alpine Outfitters', website: 'https://alpine-outfitters.example.com' },
  { title: 'Northwind Cameras', website: 'https://northwind-cameras.example.com' },
  { title: 'Summit Telecom', website: 'https://summit-telecom.example.com' },
  { title: 'Blue Harbor Airlines', website: 'https://blue-harbor.example.com' },
];

export const ENERGY_DRINKS: ReadonlyArray<{ title: string; localBrandName: string; color: string }> = [
  { title: 'Energy Drink Original', localBrandName: 'Original', color: '#1E3A8A' },
  { title: 'Energy Drink Sugarfree', localBrandName: 'Sugarfree', color: '#38BDF8' },
  { title: 'Summer Edition Watermelon', localBrandName: 'Summer Edition', color: '#E11D48' },
];

export interface Person {
  firstName: string;
  lastName: string;
  discipline: string;
  nationality: string;
  hometown: string;
  born: string;
}

const person = (firstName: string, lastName: string, discipline: string, nationality: string, hometown: string, born: string): Person => ({
  firstName,
  lastName,
  discipline,
  nationality,
  hometown,
  born,
});

export const ATHLETES: readonly Person[] = [
  person('Lena', 'Hofer', 'snowboarding', 'AT', 'Innsbruck', '1999-02-14'),
  person('Mateo', 'Alvarez', 'mountain-bike', 'ES', 'Girona', '1997-06-03'),
  person('Kaito', 'Nakamura', 'skateboarding', 'JP', 'Osaka', '2003-09-21'),
  person('Amara', 'Okafor', 'breaking', 'GB', 'London', '2000-11-08'),
  person('Jonas', 'Lindqvist', 'freeskiing', 'NO', 'Tromsø', '1996-01-30'),
  person('Sofia', 'Marchetti', 'cliff-diving', 'IT', 'Genoa', '1995-04-17'),
  person('Rhys', 'Callahan', 'motocross', 'AU', 'Perth', '1994-08-12'),
  person('Camille', 'Durand', 'paragliding', 'FR', 'Annecy', '1993-05-25'),
  person('Tomás', 'Ribeiro', 'surfing', 'BR', 'Florianópolis', '1998-12-02'),
  person('Yuki', 'Tanaka', 'esports', 'JP', 'Tokyo', '2002-03-11'),
  person('Freya', 'Olsen', 'climbing', 'NO', 'Bergen', '1997-10-19'),
  person('Diego', 'Santos', 'bmx', 'BR', 'São Paulo', '2001-07-07'),
  person('Aiyana', 'Brooks', 'surfing', 'US', 'San Diego', '1999-09-09'),
  person('Elias', 'Kronberger', 'rally', 'AT', 'Graz', '1992-02-28'),
  person('Chloé', 'Bernard', 'kayaking', 'CH', 'Bern', '1998-06-15'),
  person('Kofi', 'Mensah', 'breaking', 'NL', 'Rotterdam', '2001-04-04'),
  person('Hana', 'Suzuki', 'climbing', 'JP', 'Nagano', '2000-08-23'),
  person('Liam', 'Doherty', 'air-racing', 'NZ', 'Queenstown', '1990-03-13'),
  person('Zoe', 'van Dijk', 'mountain-bike', 'NL', 'Utrecht', '1998-11-27'),
  person('Luca', 'Ferrante', 'formula-1', 'IT', 'Modena', '1999-05-05'),
  person('Noah', 'Fischer', 'formula-1', 'DE', 'Stuttgart', '2001-10-10'),
  person('Thandi', 'Khumalo', 'surfing', 'ZA', 'Durban', '1997-02-02'),
  person('Ethan', 'Clarke', 'cliff-diving', 'CA', 'Vancouver', '1996-07-29'),
  person('Maya', 'Schneider', 'paragliding', 'CH', 'Interlaken', '1995-12-12'),
];

/** For more athletes than the list holds: names are combined from these. */
export const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Gina', 'Hugo', 'Ines', 'Jakob', 'Kira', 'Leo', 'Mila', 'Nico', 'Olivia', 'Paul', 'Rosa', 'Sami', 'Tara', 'Vince'];
export const LAST_NAMES = ['Berger', 'Costa', 'Dubois', 'Egger', 'Fontaine', 'García', 'Haas', 'Ito', 'Jensen', 'Keller', 'Lopes', 'Moreau', 'Novak', 'Oliveira', 'Petersen', 'Quinn', 'Rossi', 'Sato', 'Torres', 'Weber'];

export const ARTISTS: ReadonlyArray<{ title: string; firstName?: string; lastName?: string; type: string; nationality: string; hometown: string }> = [
  { title: 'Nova Reyes', firstName: 'Nova', lastName: 'Reyes', type: 'musician', nationality: 'ES', hometown: 'Valencia' },
  { title: 'DJ Kalani', type: 'dj', nationality: 'US', hometown: 'Honolulu' },
  { title: 'The Lantern Collective', type: 'musician', nationality: 'GB', hometown: 'Manchester' },
  { title: 'Mira Okoye', firstName: 'Mira', lastName: 'Okoye', type: 'dancer', nationality: 'GB', hometown: 'Bristol' },
  { title: 'Felix Hartmann', firstName: 'Felix', lastName: 'Hartmann', type: 'photographer', nationality: 'DE', hometown: 'Hamburg' },
  { title: 'Aiko Mori', firstName: 'Aiko', lastName: 'Mori', type: 'visual-artist', nationality: 'JP', hometown: 'Kyoto' },
  { title: 'Sam Adeyemi', firstName: 'Sam', lastName: 'Adeyemi', type: 'filmmaker', nationality: 'NZ', hometown: 'Auckland' },
  { title: 'Pixel Ronin', type: 'gamer', nationality: 'JP', hometown: 'Osaka' },
];

export const TEAMS: ReadonlyArray<{ title: string; short: string; discipline: string; country: string; founded: number }> = [
  { title: 'Neretva Divers', short: 'NRD', discipline: 'cliff-diving', country: 'IT', founded: 2011 },
  { title: 'Night Shift Crew', short: 'NSC', discipline: 'breaking', country: 'GB', founded: 2008 },
  { title: 'Velocity Rally Team', short: 'VRT', discipline: 'rally', country: 'AT', founded: 2015 },
  { title: 'Northern Lines Collective', short: 'NLC', discipline: 'freeskiing', country: 'NO', founded: 2013 },
  { title: 'Pixel Raiders', short: 'PXR', discipline: 'esports', country: 'JP', founded: 2017 },
  { title: 'Gravity Union', short: 'GRU', discipline: 'mountain-bike', country: 'ES', founded: 2012 },
  { title: 'Tide Runners', short: 'TDR', discipline: 'surfing', country: 'BR', founded: 2016 },
  { title: 'Apex Racing', short: 'APX', discipline: 'formula-1', country: 'DE', founded: 2005 },
];

export const AUTHORS: ReadonlyArray<{ title: string; jobTitle: Phrase }> = [
  { title: 'Clara Weiss', jobTitle: { en: 'Senior Editor', de: 'Leitende Redakteurin' } },
  { title: 'Jamie Porter', jobTitle: { en: 'Staff Writer', de: 'Redakteur' } },
  { title: 'Lucía Romero', jobTitle: { en: 'Contributing Writer', es: 'Colaboradora' } },
  { title: 'Hiroshi Sato', jobTitle: { en: 'Photo Editor', ja: 'フォトエディター' } },
  { title: 'Anna Bianchi', jobTitle: { en: 'Sports Editor', it: 'Redattrice sportiva' } },
  { title: 'Pierre Lefèvre', jobTitle: { en: 'Culture Editor', fr: 'Rédacteur culture' } },
  { title: 'Sarah Mitchell', jobTitle: { en: 'Video Producer' } },
  { title: 'Ben Okoro', jobTitle: { en: 'Features Writer' } },
];

export const PHOTOGRAPHERS = ['Lena Vogt', 'Marco Bianchi', 'Jules Martin', 'Ana Costa', 'Kenji Ito', 'Tom Fletcher', 'Priya Nair', 'Sven Aas'];

export const PODCAST_SHOWS = ['Send It Sessions', 'The Long Way Round', 'Culture Clash Radio', 'Pit Lane Talk', 'Summit Stories'];
export const SHOWS = ['Ride Along', 'Crew Stories', 'Edge of the Map', 'Home Spot'];
export const FILMS = ['Beyond the Ridge', 'Salt and Stone', 'The Long Descent', 'Tidebreakers', 'Northern Lines', 'Paper Wings', 'Gravity Falls Twice', 'Against the Current'];

/** Story titles; {athlete}, {place}, {discipline}, {event}, {year}, {n}, {artist}. */
export const STORY_TITLES: readonly Phrase[] = [
  { en: '{athlete} conquers {place}', de: '{athlete} bezwingt {place}', fr: '{athlete} conquiert {place}', es: '{athlete} conquista {place}', it: '{athlete} conquista {place}', ja: '{athlete}、{place}を制す', pt: '{athlete} conquista {place}' },
  { en: 'How {athlete} prepares for {event}', de: 'So bereitet sich {athlete} auf {event} vor', fr: 'Comment {athlete} se prépare pour {event}', es: 'Así se prepara {athlete} para {event}', it: 'Come {athlete} si prepara per {event}', ja: '{athlete}、{event}への準備', pt: 'Como {athlete} se prepara para {event}' },
  { en: '{discipline}: {n} things you did not know', de: '{discipline}: {n} Dinge, die du noch nicht wusstest', fr: '{discipline} : {n} choses que vous ignoriez', es: '{discipline}: {n} cosas que no sabías', it: '{discipline}: {n} cose che non sapevi', ja: '{discipline}について知らなかった{n}のこと', pt: '{discipline}: {n} coisas que você não sabia' },
  { en: 'Behind the scenes at {event}', de: 'Hinter den Kulissen von {event}', fr: 'Dans les coulisses de {event}', es: 'Entre bastidores de {event}', it: 'Dietro le quinte di {event}', ja: '{event}の舞台裏', pt: 'Nos bastidores de {event}' },
  { en: '{discipline} in {place}: a scene on the rise', de: '{discipline} in {place}: Eine Szene im Aufwind', fr: '{discipline} à {place} : une scène en plein essor', es: '{discipline} en {place}: una escena en auge', it: '{discipline} a {place}: una scena in crescita', ja: '{place}で盛り上がる{discipline}', pt: '{discipline} em {place}: uma cena em alta' },
  { en: "{athlete}'s road to {event}", de: 'Der Weg von {athlete} zu {event}', fr: 'La route de {athlete} vers {event}', es: 'El camino de {athlete} hacia {event}', it: 'La strada di {athlete} verso {event}', ja: '{athlete}、{event}への道', pt: 'O caminho de {athlete} até {event}' },
  { en: 'Chasing first light: {discipline} in {place}', de: 'Im ersten Licht: {discipline} in {place}', fr: 'Aux premières lueurs : {discipline} à {place}', es: 'Con la primera luz: {discipline} en {place}', it: 'Alle prime luci: {discipline} a {place}', ja: '夜明けの{place}で{discipline}', pt: 'Primeira luz: {discipline} em {place}' },
  { en: '{athlete} on fear, focus and the perfect line', de: '{athlete} über Angst, Fokus und die perfekte Linie', fr: '{athlete} : la peur, la concentration et la ligne parfaite', es: '{athlete} habla del miedo, la concentración y la línea perfecta', it: '{athlete} su paura, concentrazione e la linea perfetta', ja: '{athlete}が語る恐怖、集中、そして完璧なライン', pt: '{athlete} fala sobre medo, foco e a linha perfeita' },
  { en: '{event} {year}: everything you need to know', de: '{event} {year}: Alles, was du wissen musst', fr: "{event} {year} : tout ce qu'il faut savoir", es: '{event} {year}: todo lo que necesitas saber', it: '{event} {year}: tutto quello che devi sapere', ja: '{event} {year}：知っておくべきすべて', pt: '{event} {year}: tudo o que você precisa saber' },
  { en: '{artist} lights up {place}', de: '{artist} begeistert {place}', fr: '{artist} enflamme {place}', es: '{artist} ilumina {place}', it: '{artist} accende {place}', ja: '{artist}が{place}を熱狂させる', pt: '{artist} incendeia {place}' },
];

export const TEASERS: readonly Phrase[] = [
  { en: 'From the first training run to the final jump: {athlete} takes us through an unforgettable week in {place}.', de: 'Vom ersten Training bis zum letzten Sprung: {athlete} nimmt uns mit auf eine unvergessliche Woche in {place}.', fr: 'Du premier entraînement au dernier saut : {athlete} nous fait vivre une semaine inoubliable à {place}.', es: 'Del primer entrenamiento al último salto: {athlete} nos lleva a una semana inolvidable en {place}.', it: "Dal primo allenamento all'ultimo salto: {athlete} ci porta in una settimana indimenticabile a {place}.", ja: '最初のトレーニングから最後のジャンプまで。{athlete}が{place}での忘れられない一週間を語る。', pt: 'Do primeiro treino ao último salto: {athlete} nos leva a uma semana inesquecível em {place}.' },
  { en: 'Weather windows, nerves and a crowd of thousands – this is what it takes to win at {event}.', de: 'Wetterfenster, Nervenkitzel und tausende Fans – das braucht es, um bei {event} zu gewinnen.', fr: "Fenêtres météo, nerfs et des milliers de fans : voici ce qu'il faut pour gagner à {event}.", es: 'Ventanas meteorológicas, nervios y miles de aficionados: esto es lo que hace falta para ganar en {event}.', it: 'Finestre meteo, nervi e migliaia di tifosi: ecco cosa serve per vincere a {event}.', ja: '天候、緊張、そして数千人の観衆。{event}で勝つために必要なものとは。', pt: 'Janelas de tempo, nervos e milhares de fãs: é isso que é preciso para vencer em {event}.' },
  { en: '{discipline} is changing fast. We met the athletes, coaches and locals who shape the scene in {place}.', de: '{discipline} verändert sich rasant. Wir haben Athletinnen, Trainer und Locals getroffen, die die Szene in {place} prägen.', fr: '{discipline} : une discipline en pleine mutation. Rencontre avec celles et ceux qui font vivre la scène à {place}.', es: '{discipline} cambia a toda velocidad. Conocimos a los atletas, entrenadores y locales que dan forma a la escena en {place}.', it: '{discipline}: una disciplina che cambia in fretta. Abbiamo incontrato atleti, allenatori e local che animano la scena di {place}.', ja: '急速に進化する{discipline}。{place}のシーンを支えるアスリート、コーチ、地元の人々に会った。', pt: '{discipline} está mudando rápido. Conhecemos os atletas, treinadores e locais que movem a cena em {place}.' },
  { en: 'Six questions for {athlete} about pressure, preparation and life on the road.', de: 'Sechs Fragen an {athlete} über Druck, Vorbereitung und das Leben unterwegs.', fr: 'Six questions à {athlete} sur la pression, la préparation et la vie sur la route.', es: 'Seis preguntas a {athlete} sobre la presión, la preparación y la vida en la carretera.', it: 'Sei domande a {athlete} su pressione, preparazione e vita in viaggio.', ja: 'プレッシャー、準備、そして転戦生活について{athlete}に6つの質問。', pt: 'Seis perguntas para {athlete} sobre pressão, preparação e a vida na estrada.' },
  { en: 'The best moments, the biggest surprises and what comes next after {event} {year}.', de: 'Die besten Momente, die größten Überraschungen und was nach {event} {year} kommt.', fr: 'Les meilleurs moments, les plus grandes surprises et la suite après {event} {year}.', es: 'Los mejores momentos, las mayores sorpresas y lo que viene después de {event} {year}.', it: 'I momenti migliori, le sorprese più grandi e cosa succede dopo {event} {year}.', ja: '{event} {year}のベストシーン、最大のサプライズ、そしてこれから。', pt: 'Os melhores momentos, as maiores surpresas e o que vem depois de {event} {year}.' },
];

export const SENTENCES: readonly Phrase[] = [
  { en: 'The alarm went off at 4:30, long before the first light reached {place}.', de: 'Der Wecker klingelte um 4:30 Uhr, lange bevor das erste Licht {place} erreichte.', fr: "Le réveil a sonné à 4 h 30, bien avant que la première lumière n'atteigne {place}.", es: 'El despertador sonó a las 4:30, mucho antes de que la primera luz llegara a {place}.', it: 'La sveglia è suonata alle 4:30, molto prima che la prima luce raggiungesse {place}.', ja: '目覚ましが鳴ったのは午前4時30分、{place}に朝日が差すずっと前だった。', pt: 'O despertador tocou às 4h30, muito antes de a primeira luz chegar a {place}.' },
  { en: '“You only get one chance to read the conditions,” says {athlete}, “and then you commit.”', de: '„Du hast nur eine Chance, die Bedingungen zu lesen“, sagt {athlete}, „und dann ziehst du durch.“', fr: '« On n’a qu’une seule chance de lire les conditions », explique {athlete}, « ensuite, on s’engage. »', es: '“Solo tienes una oportunidad para leer las condiciones”, dice {athlete}, “y después te comprometes”.', it: '«Hai una sola occasione per leggere le condizioni», dice {athlete}, «e poi ti butti.»', ja: '「コンディションを読むチャンスは一度だけ。あとは行くだけ」と{athlete}は語る。', pt: '“Você só tem uma chance de ler as condições”, diz {athlete}, “e depois é se comprometer.”' },
  { en: 'Years of training went into a run that lasted less than a minute.', de: 'Jahrelanges Training steckte in einem Lauf, der keine Minute dauerte.', fr: "Des années d'entraînement pour un passage de moins d'une minute.", es: 'Años de entrenamiento para una bajada que duró menos de un minuto.', it: 'Anni di allenamento per una run durata meno di un minuto.', ja: '何年ものトレーニングが、1分にも満たない一本に注ぎ込まれた。', pt: 'Anos de treino para uma descida que durou menos de um minuto.' },
  { en: 'The local crowd in {place} has seen a lot, but this was something new.', de: 'Das Publikum in {place} hat schon viel gesehen, aber das war etwas Neues.', fr: "Le public de {place} en a vu d'autres, mais c'était du jamais-vu.", es: 'El público de {place} ha visto mucho, pero esto era algo nuevo.', it: 'Il pubblico di {place} ne ha viste tante, ma questa era una novità.', ja: '{place}の観客は多くを見てきたが、これは新しい何かだった。', pt: 'O público de {place} já viu muita coisa, mas isso era algo novo.' },
  { en: '{discipline} rewards patience as much as courage.', de: '{discipline} belohnt Geduld genauso wie Mut.', fr: 'Ici, la patience compte autant que le courage.', es: 'En {discipline}, la paciencia cuenta tanto como el valor.', it: 'In questo sport la pazienza conta quanto il coraggio.', ja: '{discipline}では勇気と同じくらい忍耐が報われる。', pt: 'Neste esporte, a paciência vale tanto quanto a coragem.' },
  { en: 'Next up is {event}, and the preparation has already started.', de: 'Als Nächstes steht {event} an, und die Vorbereitung läuft bereits.', fr: 'Prochaine étape : {event}, et la préparation a déjà commencé.', es: 'Lo siguiente es {event}, y la preparación ya ha comenzado.', it: 'Il prossimo appuntamento è {event} e la preparazione è già iniziata.', ja: '次は{event}。準備はすでに始まっている。', pt: 'O próximo desafio é {event}, e a preparação já começou.' },
  { en: 'Behind every clean landing there is a team of coaches, physios and friends.', de: 'Hinter jeder sauberen Landung steht ein Team aus Coaches, Physios und Freunden.', fr: "Derrière chaque réception parfaite, il y a une équipe d'entraîneurs, de kinés et d'amis.", es: 'Detrás de cada aterrizaje limpio hay un equipo de entrenadores, fisios y amigos.', it: "Dietro ogni atterraggio pulito c'è una squadra di allenatori, fisioterapisti e amici.", ja: 'きれいな着地の裏には、コーチ、トレーナー、仲間たちのチームがいる。', pt: 'Por trás de cada aterrissagem limpa há uma equipe de treinadores, fisioterapeutas e amigos.' },
  { en: 'When the wind finally dropped, everything happened very fast.', de: 'Als der Wind endlich nachließ, ging alles sehr schnell.', fr: 'Quand le vent est enfin tombé, tout s’est passé très vite.', es: 'Cuando por fin amainó el viento, todo ocurrió muy rápido.', it: 'Quando finalmente il vento è calato, tutto è successo in fretta.', ja: 'ようやく風が弱まると、すべてが一気に動き出した。', pt: 'Quando o vento finalmente diminuiu, tudo aconteceu muito rápido.' },
];

export const HEADLINES: readonly Phrase[] = [
  { en: 'The morning of the final', de: 'Am Morgen des Finales', fr: 'Le matin de la finale', es: 'La mañana de la final', it: 'La mattina della finale', ja: '決勝の朝', pt: 'A manhã da final' },
  { en: 'What comes next', de: 'Wie es weitergeht', fr: 'Et maintenant ?', es: 'Lo que viene', it: 'Cosa succede ora', ja: 'これから', pt: 'O que vem por aí' },
  { en: 'A different kind of pressure', de: 'Ein anderer Druck', fr: 'Une autre forme de pression', es: 'Otro tipo de presión', it: 'Un altro tipo di pressione', ja: 'もうひとつのプレッシャー', pt: 'Outro tipo de pressão' },
];

export const QUOTES: readonly Phrase[] = [
  { en: 'I stopped thinking about the height and started thinking about the water.', de: 'Ich habe aufgehört, an die Höhe zu denken, und angefangen, an das Wasser zu denken.', fr: "J'ai arrêté de penser à la hauteur et j'ai commencé à penser à l'eau.", es: 'Dejé de pensar en la altura y empecé a pensar en el agua.', it: "Ho smesso di pensare all'altezza e ho iniziato a pensare all'acqua.", ja: '高さのことを考えるのをやめて、水のことを考え始めた。', pt: 'Parei de pensar na altura e comecei a pensar na água.' },
  { en: 'The mountain decides. We just ask politely.', de: 'Der Berg entscheidet. Wir fragen nur höflich.', fr: 'C’est la montagne qui décide. Nous, on demande poliment.', es: 'La montaña decide. Nosotros solo preguntamos con educación.', it: 'Decide la montagna. Noi chiediamo solo con gentilezza.', ja: '決めるのは山。僕らは丁寧にお願いするだけ。', pt: 'A montanha decide. A gente só pede com educação.' },
  { en: 'Every run is a conversation with fear – you do not win it, you learn to listen.', de: 'Jeder Lauf ist ein Gespräch mit der Angst – man gewinnt es nicht, man lernt zuzuhören.', fr: 'Chaque run est une conversation avec la peur : on ne la gagne pas, on apprend à écouter.', es: 'Cada bajada es una conversación con el miedo: no se gana, se aprende a escuchar.', it: 'Ogni run è una conversazione con la paura: non si vince, si impara ad ascoltare.', ja: 'すべての滑走は恐怖との対話。勝つのではなく、耳を傾けることを学ぶ。', pt: 'Cada descida é uma conversa com o medo: você não vence, aprende a ouvir.' },
];

export const FACT_TITLE: Phrase = { en: 'Did you know?', de: 'Schon gewusst?', fr: 'Le saviez-vous ?', es: '¿Sabías que…?', it: 'Lo sapevi?', ja: '知ってた？', pt: 'Você sabia?' };

export const BIOGRAPHY: Phrase = {
  en: '{name} grew up in {hometown} and found {discipline} as a teenager. Today {name} is one of the most exciting names on the circuit.',
  de: '{name} ist in {hometown} aufgewachsen und hat {discipline} als Teenager entdeckt. Heute gehört {name} zu den spannendsten Namen der Szene.',
  fr: '{name} a grandi à {hometown} et a découvert la discipline à l’adolescence. Aujourd’hui, {name} est l’un des noms les plus excitants du circuit.',
  es: '{name} creció en {hometown} y descubrió {discipline} siendo adolescente. Hoy es uno de los nombres más emocionantes del circuito.',
  it: '{name} è cresciuto a {hometown} e ha scoperto questo sport da adolescente. Oggi è uno dei nomi più interessanti del circuito.',
  ja: '{hometown}で育った{name}は、10代で{discipline}に出会った。今ではシーンで最も注目される存在のひとりだ。',
  pt: '{name} cresceu em {hometown} e descobriu o {discipline} na adolescência. Hoje é um dos nomes mais empolgantes do circuito.',
};

export const VIDEO_TITLES: readonly Phrase[] = [
  { en: '{athlete}: full run at {event}', de: '{athlete}: der komplette Lauf bei {event}', fr: '{athlete} : le run complet à {event}', es: '{athlete}: la bajada completa en {event}', it: '{athlete}: la run completa a {event}', ja: '{athlete}：{event}でのフルラン', pt: '{athlete}: a descida completa em {event}' },
  { en: 'Highlights: {event} {year}', de: 'Highlights: {event} {year}', fr: 'Temps forts : {event} {year}', es: 'Lo mejor de {event} {year}', it: 'Gli highlights di {event} {year}', ja: 'ハイライト：{event} {year}', pt: 'Melhores momentos: {event} {year}' },
  { en: 'POV: {discipline} in {place}', de: 'POV: {discipline} in {place}', fr: 'POV : {discipline} à {place}', es: 'POV: {discipline} en {place}', it: 'POV: {discipline} a {place}', ja: 'POV：{place}で{discipline}', pt: 'POV: {discipline} em {place}' },
];

export const IMAGE_TITLES: readonly Phrase[] = [
  { en: '{athlete} in {place}', de: '{athlete} in {place}', fr: '{athlete} à {place}', es: '{athlete} en {place}', it: '{athlete} a {place}', ja: '{place}の{athlete}', pt: '{athlete} em {place}' },
  { en: '{discipline} at first light, {place}', de: '{discipline} im ersten Licht, {place}', fr: '{discipline} aux premières lueurs, {place}', es: '{discipline} con la primera luz, {place}', it: '{discipline} alle prime luci, {place}', ja: '夜明けの{discipline}、{place}', pt: '{discipline} na primeira luz, {place}' },
];

export const GALLERY_TITLE: Phrase = { en: 'Best shots from {event} {year}', de: 'Die besten Bilder von {event} {year}', fr: 'Les plus belles photos de {event} {year}', es: 'Las mejores fotos de {event} {year}', it: 'Le foto più belle di {event} {year}', ja: '{event} {year}ベストショット', pt: 'As melhores fotos de {event} {year}' };
export const PODCAST_EPISODE_TITLE: Phrase = { en: 'Episode {n}: {athlete} on {discipline}', de: 'Folge {n}: {athlete} über {discipline}', fr: 'Épisode {n} : {athlete} parle de {discipline}', es: 'Episodio {n}: {athlete} habla de {discipline}', it: 'Episodio {n}: {athlete} parla di {discipline}', ja: '第{n}回：{athlete}が語る{discipline}', pt: 'Episódio {n}: {athlete} fala sobre {discipline}' };
export const SEASON_TITLE: Phrase = { en: '{show}: Season {n}', de: '{show}: Staffel {n}', fr: '{show} : saison {n}', es: '{show}: temporada {n}', it: '{show}: stagione {n}', ja: '{show} シーズン{n}', pt: '{show}: temporada {n}' };
export const EPISODE_TITLE: Phrase = { en: '{show}, episode {n}: {place}', de: '{show}, Folge {n}: {place}', fr: '{show}, épisode {n} : {place}', es: '{show}, episodio {n}: {place}', it: '{show}, episodio {n}: {place}', ja: '{show} 第{n}話：{place}', pt: '{show}, episódio {n}: {place}' };
export const TRAILER_TITLE: Phrase = { en: 'Trailer: {name}', fr: 'Bande-annonce : {name}', es: 'Tráiler: {name}', ja: '予告編：{name}' };
export const RECAP_TITLE: Phrase = { en: 'Recap: {event} {year}', de: 'Rückblick: {event} {year}', fr: 'Résumé : {event} {year}', es: 'Resumen: {event} {year}', it: 'Riepilogo: {event} {year}', ja: '振り返り：{event} {year}', pt: 'Resumo: {event} {year}' };
export const PROJECT_TITLE: Phrase = { en: 'Expedition {place}', de: 'Expedition {place}', fr: 'Expédition {place}', es: 'Expedición {place}', it: 'Spedizione {place}', ja: '{place}遠征', pt: 'Expedição {place}' };
export const COLLECTION_TITLE: Phrase = { en: 'Best of {discipline} {year}', de: 'Das Beste aus {discipline} {year}', fr: '{discipline} : le meilleur de {year}', es: 'Lo mejor de {discipline} {year}', it: 'Il meglio di {discipline} {year}', ja: '{discipline} ベスト・オブ・{year}', pt: 'O melhor de {discipline} {year}' };
export const SERIES_TITLE: Phrase = { en: '{discipline} World Series', de: '{discipline} World Series', ja: '{discipline}ワールドシリーズ' };
export const CHANNEL_TITLE: Phrase = { en: '{discipline} TV' };
export const HUB_TITLE: Phrase = { en: 'Image Quest {year}: the finalists', de: 'Image Quest {year}: die Finalisten' };
export const CAMPAIGN_TITLE: Phrase = { en: '{season} Edition {year}', de: '{season}-Edition {year}', fr: 'Édition {season} {year}', es: 'Edición {season} {year}', it: 'Edizione {season} {year}', ja: '{season}エディション {year}', pt: 'Edição {season} {year}' };
export const CAMPAIGN_SEASONS: readonly Phrase[] = [
  { en: 'Summer', de: 'Sommer', fr: 'Été', es: 'Verano', it: 'Estate', ja: 'サマー', pt: 'Verão' },
  { en: 'Winter', de: 'Winter', fr: 'Hiver', es: 'Invierno', it: 'Inverno', ja: 'ウィンター', pt: 'Inverno' },
];
export const MAGAZINE_PROMOTION: Phrase = { en: 'The new issue is out', de: 'Die neue Ausgabe ist da', fr: 'Le nouveau numéro est sorti', es: 'Ya está aquí el nuevo número', it: 'È uscito il nuovo numero', ja: '最新号が登場', pt: 'A nova edição chegou' };
export const EXTERNAL_TITLE: Phrase = { en: '{discipline}: the official rule book', de: '{discipline}: das offizielle Regelwerk', fr: '{discipline} : le règlement officiel', es: '{discipline}: el reglamento oficial', it: '{discipline}: il regolamento ufficiale', ja: '{discipline}：公式ルールブック', pt: '{discipline}: o livro de regras oficial' };

/** Spec-like labels of the event details types. */
export const DETAILS_TYPES: ReadonlyArray<{ value: string; label: Phrase }> = [
  { value: 'schedule', label: { en: 'schedule', de: 'Zeitplan', fr: 'programme', es: 'horario', it: 'programma', ja: 'スケジュール', pt: 'programação' } },
  { value: 'results', label: { en: 'results', de: 'Ergebnisse', fr: 'résultats', es: 'resultados', it: 'risultati', ja: '結果', pt: 'resultados' } },
  { value: 'how-to-watch', label: { en: 'how to watch', de: 'so siehst du es live', fr: 'comment regarder', es: 'cómo verlo', it: 'come guardarlo', ja: '視聴方法', pt: 'como assistir' } },
  { value: 'tickets', label: { en: 'tickets', de: 'Tickets', fr: 'billets', es: 'entradas', it: 'biglietti', ja: 'チケット', pt: 'ingressos' } },
];

export const SCHEDULE_ITEMS: readonly Phrase[] = [
  { en: 'Training', de: 'Training', fr: 'Entraînement', es: 'Entrenamiento', it: 'Allenamento', ja: 'トレーニング', pt: 'Treino' },
  { en: 'Qualification', de: 'Qualifikation', fr: 'Qualifications', es: 'Clasificación', it: 'Qualificazioni', ja: '予選', pt: 'Classificação' },
  { en: 'Final', de: 'Finale', fr: 'Finale', es: 'Final', it: 'Finale', ja: '決勝', pt: 'Final' },
  { en: 'Award ceremony', de: 'Siegerehrung', fr: 'Cérémonie de remise des prix', es: 'Entrega de premios', it: 'Premiazione', ja: '表彰式', pt: 'Premiação' },
];

/** Plain text as rich text: one paragraph, with markup characters escaped. */
export function paragraph(text: string): string {
  return `<p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</p>`;
}

/** A url-safe slug of a text (accents folded, other scripts dropped). */
export function slugify(text: string, maxLength = 100): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/, '');
}

/** Cuts a text to a length at a word boundary. */
export function shorten(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;–-]+$/, '')}…`;
}
