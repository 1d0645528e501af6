import { Link } from 'react-router-dom';

/** The parts for `richText` whose `<link>…</link>` is an in-app text link to `to`. */
export function linkTo(to: string) {
  return {
    link: (text: string) => (
      <Link to={to} className="text-link">
        {text}
      </Link>
    ),
  };
}
