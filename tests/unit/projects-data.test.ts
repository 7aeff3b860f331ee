import { describe, expect, it } from 'vitest';
import { chatLink } from '../../src/data/links';
import {
  priceOnwards,
  projectChatText,
  projectKeyFacts,
  reraLabel,
  reraLine,
  summarise,
  videoPageUrl,
  videoPlayerUrl,
} from '../../src/data/projects';
import { ProjectSchema } from '../../src/schema/project';

/** The facts cell as the pipeline reads it. */
const parseFacts = (cell: string) => ProjectSchema.shape.facts.parse(cell);
const reraCell = (cell: string) => ProjectSchema.shape.rera.parse(cell);

describe('the facts cell', () => {
  it('reads "label: value" pairs separated by semicolons, in order', () => {
    expect(parseFacts('Land area: 50.4 acres; Stadium seats: 30,000, expandable to 40,000')).toEqual([
      { label: 'Land area', value: '50.4 acres' },
      { label: 'Stadium seats', value: '30,000, expandable to 40,000' },
    ]);
  });

  it('splits at the first colon only, so values may hold times or ratios', () => {
    expect(parseFacts('Site office hours: 10:00 to 18:00')).toEqual([
      { label: 'Site office hours', value: '10:00 to 18:00' },
    ]);
  });

  it('keeps a fact without a label as a plain note, and ignores empty items', () => {
    expect(parseFacts(' Towers: 8 of 40 floors ;; Vaastu compliant; ')).toEqual([
      { label: 'Towers', value: '8 of 40 floors' },
      { label: null, value: 'Vaastu compliant' },
    ]);
    expect(parseFacts('Possession:')).toEqual([{ label: null, value: 'Possession:' }]);
    expect(parseFacts(': 5 acres')).toEqual([{ label: null, value: ': 5 acres' }]);
  });

  it('gives no facts for an empty cell', () => {
    expect(parseFacts('')).toEqual([]);
    expect(parseFacts('  ')).toEqual([]);
  });
});

describe('key facts', () => {
  it('lists price, status, possession, developer and configuration in that order', () => {
    expect(
      projectKeyFacts({
        price_from: 20700000,
        status: 'Under Construction',
        possession: '2027 (expected)',
        developer: 'Paras Buildtech',
        configuration: '3 & 4 BHK apartments',
      }),
    ).toEqual([
      { label: 'Price', value: '₹2.07 Cr onwards' },
      { label: 'Status', value: 'Under Construction' },
      { label: 'Possession', value: '2027 (expected)' },
      { label: 'Developer', value: 'Paras Buildtech' },
      { label: 'Configuration', value: '3 & 4 BHK apartments' },
    ]);
  });

  it('leaves out what the sheet leaves empty, never showing a zero or a dash', () => {
    const facts = projectKeyFacts({
      price_from: null,
      status: null,
      possession: null,
      developer: 'DLF',
      configuration: null,
    });
    expect(facts).toEqual([{ label: 'Developer', value: 'DLF' }]);
    expect(priceOnwards(null)).toBeNull();
    expect(priceOnwards(9000000)).toBe('₹90 L onwards');
    expect(priceOnwards(20745500)).toBe('₹2.07 Cr onwards');
    expect(priceOnwards(20745500, true)).toBe('₹2.07 Cr onwards (₹2,07,45,500)');
  });
});

describe('the chat link of a project page', () => {
  it('types a first message that names this project', () => {
    const text = projectChatText('Hello, I would like to know more about', {
      name: 'Emaar Amaris',
      sector: 'Sector 62',
      city: 'Gurugram',
    });
    expect(text).toBe('Hello, I would like to know more about Emaar Amaris, Sector 62, Gurugram.');
    const href = chatLink('919811045678', text);
    expect(href.startsWith('https://wa.me/919811045678?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(text);
  });
});

describe('the RERA line', () => {
  const regulator = 'https://www.haryanarera.gov.in';

  it('shows a registration number with the regulator website', () => {
    expect(reraLine('RC/REP/HARERA/GGM/578/310/2022/53', regulator)).toEqual({
      kind: 'number',
      label: 'RERA No. RC/REP/HARERA/GGM/578/310/2022/53',
      number: 'RC/REP/HARERA/GGM/578/310/2022/53',
      regulatorUrl: regulator,
      regulatorSite: 'haryanarera.gov.in',
    });
  });

  it('says Coming Soon however the sheet capitalises it, without a regulator link', () => {
    for (const cell of ['coming soon', 'Coming Soon', 'RERA coming soon']) {
      expect(reraCell(cell)).toBeNull();
      expect(reraLine(reraCell(cell), regulator)).toEqual({
        kind: 'coming-soon',
        label: 'RERA: Coming Soon',
      });
      expect(reraLabel(reraCell(cell))).toBe('RERA: Coming Soon');
    }
  });

  it('says Coming Soon when the sheet gives nothing, since every project page has a RERA line', () => {
    expect(reraLine(null, regulator)).toEqual({ kind: 'coming-soon', label: 'RERA: Coming Soon' });
  });
});

describe('video addresses', () => {
  it('starts the player at once, keeping the parameters of the embed address', () => {
    expect(videoPlayerUrl('https://www.youtube-nocookie.com/embed/hJ4tWq8Zk1c?rel=0')).toBe(
      'https://www.youtube-nocookie.com/embed/hJ4tWq8Zk1c?rel=0&autoplay=1',
    );
  });

  it('links to the video page for browsers without script', () => {
    expect(videoPageUrl('https://www.youtube-nocookie.com/embed/hJ4tWq8Zk1c')).toBe(
      'https://www.youtube.com/watch?v=hJ4tWq8Zk1c',
    );
    expect(videoPageUrl('https://player.vimeo.com/video/76979871')).toBe('https://vimeo.com/76979871');
  });
});

describe('summarise', () => {
  it('keeps short text whole and cuts long text at a word, marking the cut', () => {
    expect(summarise('A short line.', 160)).toBe('A short line.');
    const cut = summarise(
      'Omaxe The State is a sports and cultural arena in Sector 19B, Dwarka, developed on 50.4 acres.',
      60,
    );
    expect(cut).toBe('Omaxe The State is a sports and cultural arena in Sector…');
    expect(cut.length).toBeLessThanOrEqual(60);
  });
});
