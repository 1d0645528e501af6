import { OVERLAY_DEFAULTS, type OverlaySettings, type TipStatus, type User } from '@shabaash/shared';

/**
 * Indian-market fixtures for mock mode and frontend tests: viewers with Indian names, two creators, rupee
 * amounts in paise (shagun-style ₹51, ₹101, ₹501…), and tip messages in Hindi (Devanagari), Hinglish and English.
 */

/** A deterministic UUID for fixtures (`kind` is one hex digit: a = users, b = tips, c = ledger). */
export function fixtureId(kind: 'a' | 'b' | 'c' | 'd', n: number): string {
  return `${kind.repeat(8)}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Every fixture account signs in with this password in mock mode. */
export const MOCK_PASSWORD = 'shabaash123';

export interface FixtureUser {
  user: User;
  /** The bearer token mock mode accepts for this user without logging in (tests and the e2e seed it). */
  token: string;
  balancePaise: number;
}

const viewer = (n: number, name: string, phone: string): User => ({
  id: fixtureId('a', n),
  name,
  phone,
  role: 'viewer',
  profilePic: null,
  creator: null,
});

/** The signed-in viewer of mock mode. */
export const VIEWER: FixtureUser = {
  user: viewer(1, 'Aarav Sharma', '9876543210'),
  token: 'mock-token-viewer',
  balancePaise: 2_147_00,
};

/** The default creator (guest page, overlay) and the creator of the Chat Loader in mock mode. */
export const CREATOR: FixtureUser = {
  user: {
    id: fixtureId('a', 2),
    name: 'Riya Kapoor',
    phone: '9123456780',
    role: 'creator',
    profilePic: null,
    creator: { handle: 'riya_plays', displayName: 'Riya Plays' },
  },
  token: 'mock-token-creator',
  balancePaise: 0,
};

/** A second creator so the send-tip form has a choice. */
export const SECOND_CREATOR: FixtureUser = {
  user: {
    id: fixtureId('a', 3),
    name: 'Kabir Malhotra',
    phone: '9012345678',
    role: 'creator',
    profilePic: null,
    creator: { handle: 'kabir_codes', displayName: 'Kabir Codes' },
  },
  token: 'mock-token-creator-2',
  balancePaise: 0,
};

/** Viewers who send the fixture tips. */
export const SENDERS: User[] = [
  viewer(10, 'Priya Nair', '9988776655'),
  viewer(11, 'Rohan Gupta', '9811122233'),
  viewer(12, 'Ananya Iyer', '9845012345'),
  viewer(13, 'Vikram Singh', '9876501234'),
  viewer(14, 'Sneha Reddy', '9900112233'),
  viewer(15, 'Karan Mehta', '9820098200'),
  viewer(16, 'Meera Joshi', '9765432109'),
  viewer(17, 'Arjun Patel', '9898989898'),
];

export const FIXTURE_USERS: FixtureUser[] = [
  VIEWER,
  CREATOR,
  SECOND_CREATOR,
  ...SENDERS.map((user, i) => ({ user, token: `mock-token-sender-${i}`, balancePaise: 500_00 })),
];

export const OVERLAY_KEYS: Record<string, string> = {
  [CREATOR.user.id]: 'ovl_riya_plays_demo',
  [SECOND_CREATOR.user.id]: 'ovl_kabir_codes_demo',
};

export const DEFAULT_OVERLAY: OverlaySettings = {
  overlayTheme: OVERLAY_DEFAULTS.overlayTheme,
  font: OVERLAY_DEFAULTS.font,
  color: OVERLAY_DEFAULTS.color,
  sound: OVERLAY_DEFAULTS.sound,
};

export interface FixtureTip {
  /** Index into SENDERS, or null for a guest tip. */
  sender: number | null;
  guestName?: string;
  amountPaise: number;
  message: string;
  status: TipStatus;
  minutesAgo: number;
}

/** The Chat Loader queue of Riya Plays at start: oldest first (so versions rise with time). */
export const CREATOR_TIPS: FixtureTip[] = [
  {
    sender: 0,
    amountPaise: 501_00,
    message: 'शाबाश रिया! आज की स्ट्रीम एकदम ज़बरदस्त है 🔥',
    status: 'read',
    minutesAgo: 95,
  },
  {
    sender: 1,
    amountPaise: 101_00,
    message: 'Bhai kya clutch tha, full paisa vasool!',
    status: 'read',
    minutesAgo: 80,
  },
  {
    sender: null,
    guestName: 'Bunty',
    amountPaise: 51_00,
    message: 'Love from Lucknow ❤️',
    status: 'ignore',
    minutesAgo: 72,
  },
  {
    sender: 2,
    amountPaise: 1_001_00,
    message: 'Happy Diwali Riya didi 🪔 keep shining!',
    status: 'read',
    minutesAgo: 60,
  },
  {
    sender: 3,
    amountPaise: 201_00,
    message: 'Aaj ka gameplay ekdum mast tha, next match mein bhi aisa hi!',
    status: 'unread',
    minutesAgo: 41,
  },
  {
    sender: 4,
    amountPaise: 2_100_00,
    message: 'आपकी आवाज़ बहुत प्यारी है, एक गाना गा दो please 🎤',
    status: 'unread',
    minutesAgo: 33,
  },
  {
    sender: null,
    guestName: 'Chintu from Pune',
    amountPaise: 99_00,
    message: 'First superchat ever, hi from Pune!',
    status: 'unread',
    minutesAgo: 25,
  },
  {
    sender: 5,
    amountPaise: 151_00,
    message: 'Chai break le lo, hum wait karenge ☕',
    status: 'unread',
    minutesAgo: 17,
  },
  {
    sender: 6,
    amountPaise: 5_000_00,
    message: 'Congratulations on 10K followers! 🎉 बधाई हो!',
    status: 'unread',
    minutesAgo: 9,
  },
  {
    sender: 7,
    amountPaise: 75_50,
    message: 'Shoutout to my college gang from Ahmedabad 🙌',
    status: 'unread',
    minutesAgo: 3,
  },
];

export interface FixtureTransaction {
  type: 'credit' | 'debit';
  amountPaise: number;
  description: string;
  daysAgo: number;
}

/** Wallet activity of Aarav, oldest first; it sums to VIEWER.balancePaise (₹2,147.00). */
export const VIEWER_TRANSACTIONS: FixtureTransaction[] = [
  { type: 'credit', amountPaise: 500_00, description: 'Wallet top-up', daysAgo: 6 },
  { type: 'debit', amountPaise: 201_00, description: 'Tip to Riya Plays', daysAgo: 5 },
  { type: 'credit', amountPaise: 2_000_00, description: 'Wallet top-up', daysAgo: 3 },
  { type: 'debit', amountPaise: 101_00, description: 'Tip to Riya Plays', daysAgo: 2 },
  { type: 'debit', amountPaise: 51_00, description: 'Tip to Kabir Codes', daysAgo: 1 },
];

/** Tips the mock realtime feed sends one by one (round robin), so the Chat Loader and overlay move. */
export const INCOMING_TIPS: Array<Omit<FixtureTip, 'minutesAgo' | 'status'>> = [
  { sender: 0, amountPaise: 111_00, message: 'Ek aur round please! 🙏' },
  { sender: null, guestName: 'Guddu', amountPaise: 21_00, message: 'नमस्ते दीदी, बनारस से प्यार 🙏' },
  { sender: 2, amountPaise: 251_00, message: 'That headshot was insane, GG!' },
  { sender: 4, amountPaise: 1_100_00, message: 'Birthday wala superchat 🎂 shoutout to Neha please' },
  { sender: null, guestName: 'Pinky', amountPaise: 31_00, message: 'Mummy ko bolo hi 😄' },
  { sender: 6, amountPaise: 501_00, message: 'शानदार स्ट्रीम, ऐसे ही आगे बढ़ते रहो!' },
];
