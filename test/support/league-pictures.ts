/**
 * League pictures built by hand for tests and benches: tournament standings (a round robin and
 * a Swiss) and rating histories.
 */
import { seededRandom } from '../../src/engine/index.js';
import type { RatingGraphPicture, StandingsPicture } from '../../src/render/index.js';

/**
 * A finished four-player round robin in starting order (so the "×" cells run down the
 * diagonal): Dmitri withdrew after two rounds, his unplayed games forfeited ("+" / "−").
 */
export const roundRobinStandings: StandingsPicture = {
  title: 'Autumn Cup — Bashni, round robin',
  subtitle: 'final standings',
  headers: { place: '#', player: 'Player', points: 'Pts', tieBreaks: ['SB'] },
  gridHeaders: ['1', '2', '3', '4'],
  rows: [
    {
      place: '1',
      name: 'Alice',
      points: '2½',
      tieBreaks: ['2.75'],
      cells: ['×', '1', '½', '+'],
      highlight: true,
    },
    { place: '2', name: 'Bob', points: '2', tieBreaks: ['1.50'], cells: ['0', '×', '1', '1'] },
    {
      place: '3',
      name: 'Carol Featherstonehaugh-Montgomery',
      points: '1½',
      tieBreaks: ['1.25'],
      cells: ['½', '0', '×', '+'],
    },
    {
      place: '4',
      name: 'Dmitri',
      points: '0',
      tieBreaks: ['0.00'],
      cells: ['−', '0', '−', '×'],
      withdrawn: true,
    },
  ],
  footer: 'SB: Sonneborn–Berger · + − forfeits',
};

const SWISS_NAMES = [
  'Анна Ковалёва',
  'Борис Петров',
  'Вера Смирнова',
  'Григорий Константинопольский-Длинноимённый',
  'Дарья Соколова',
  'Евгений Морозов',
  'Жанна Волкова',
  'Захар Лебедев',
  'Ирина Козлова',
  'Кирилл Новиков 🦊',
];

/**
 * A ten-player Swiss after three rounds of five, in Russian: cells are opponent number, colour
 * and result ("5б1"), one bye ("="), rows by place.
 */
export const swissStandings: StandingsPicture = {
  title: 'Кубок осени — Башни, швейцарская система',
  subtitle: 'после 3-го тура из 5',
  headers: { place: 'Место', player: 'Игрок', points: 'Очки', tieBreaks: ['Бух', 'Б-Б'] },
  gridHeaders: ['1', '2', '3'],
  rows: [
    ['1', 0, '3', ['5.5', '5.50'], ['6б1', '4б1', '2б1']],
    ['2', 1, '2½', ['6.0', '4.25'], ['7ч1', '3б½', '1ч0']],
    ['3', 2, '2', ['6.5', '3.50'], ['8б1', '2ч½', '5б½']],
    ['4', 3, '2', ['5.0', '2.50'], ['9ч1', '1ч0', '7б1']],
    ['5-6', 4, '1½', ['5.5', '2.25'], ['10ч1', '6б0', '3ч½']],
    ['5-6', 5, '1½', ['4.5', '1.75'], ['1ч0', '5ч1', '8б½']],
    ['7', 6, '1', ['5.0', '1.00'], ['2б0', '10б1', '4ч0']],
    ['8', 7, '1', ['4.0', '0.50'], ['3ч0', '=', '6ч½']],
    ['9', 8, '½', ['4.5', '0.25'], ['4б0', '−', '10б½']],
    ['10', 9, '½', ['3.5', '0.25'], ['5б0', '7ч0', '9ч½']],
  ].map(([place, name, points, tieBreaks, cells]) => ({
    place: place as string,
    name: SWISS_NAMES[name as number]!,
    points: points as string,
    tieBreaks: tieBreaks as string[],
    cells: cells as string[],
    withdrawn: name === 8,
    highlight: name === 0,
  })),
  footer: 'Бух — Бухгольц, Б-Б — Бергер; = свободный тур',
};

/**
 * A rating history of `games` games from 1500: a seeded random walk of ±8 to ±24 points a
 * game, the deviation shrinking from 350 towards 60 as games are played.
 */
export function ratingHistory(games: number, seed = 16): RatingGraphPicture['points'] {
  const random = seededRandom(seed);
  let rating = 1500;
  return Array.from({ length: games }, (_, i) => {
    rating += (random() < 0.55 ? 1 : -1) * (8 + Math.floor(random() * 17));
    return { rating, deviation: Math.max(60, Math.round(350 * 0.9 ** i)) };
  });
}

/**
 * A MeasureText for layout tests, without fonts: every character (code point) advances 0.6 of
 * the font size, 0.7 in bold.
 */
export function fixedAdvance(text: string, weight: 'regular' | 'bold', size: number): number {
  return [...text].length * size * (weight === 'bold' ? 0.7 : 0.6);
}
