import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../i18n/language.ts';
import { pageFile, prerenderedPages, routeFolder } from './pages.ts';

/** What the build precaches (a part of dist/sw.js's list). */
const PRECACHED = [
  'shell.html',
  'index.html',
  'index.hi.html',
  'login/index.html',
  'login/index.hi.html',
  'developers/index.html',
  'assets/index-abc123.js',
  'manifest.webmanifest',
];

describe('the service worker picks the prerendered page of the chosen language', () => {
  const precached = new Set(PRECACHED);
  const pages = prerenderedPages(precached);

  it('knows the prerendered routes by their index.html', () => {
    expect([...pages].sort()).toEqual(['', 'developers/', 'login/']);
    expect(pages.has(routeFolder('/'))).toBe(true);
    expect(pages.has(routeFolder('/login'))).toBe(true);
    expect(pages.has(routeFolder('/login/'))).toBe(true);
    expect(pages.has(routeFolder('/dashboard'))).toBe(false);
  });

  it('answers a Hindi choice with index.hi.html, English (or a page built in English only) with index.html', () => {
    expect(pageFile('', 'hi', precached)).toBe('index.hi.html');
    expect(pageFile('login/', 'hi', precached)).toBe('login/index.hi.html');
    expect(pageFile('', 'en', precached)).toBe('index.html');
    expect(pageFile('developers/', 'hi', precached)).toBe('developers/index.html');
  });

  it('reads the language like the page and the server: ?lang=, then the stored choice, then the browser', () => {
    expect(pickLanguage('', 'hi', ['en-IN'])).toBe('hi');
    expect(pickLanguage('?lang=en', 'hi', ['hi-IN'])).toBe('en');
    expect(pickLanguage('?c=demo&lang=hi', null, [])).toBe('hi');
    expect(pickLanguage('', null, ['hi-IN', 'en'])).toBe('hi');
    expect(pickLanguage('', 'fr', ['ta-IN'])).toBe('en');
  });
});
