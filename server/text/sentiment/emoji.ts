/** Valence of emoji and emoticons, -3 .. 3, the same in every language. */
const EMOJI: Record<string, number> = {
  '😀': 2, '😃': 2, '😄': 2, '😁': 2, '😊': 2, '🙂': 1, '😍': 3, '🥰': 3, '😘': 2, '🤩': 3, '😎': 1.5, '🥳': 2.5,
  '😂': 1, '🤣': 1, '😉': 1, '👍': 2, '👌': 2, '👏': 2, '🙌': 2, '🙏': 1.5, '💪': 1.5, '🎉': 2, '✨': 1.5,
  '⭐': 1.5, '🌟': 2, '💯': 2, '✅': 1, '❤': 3, '❤️': 3, '💕': 2.5, '💖': 2.5, '💚': 2.5, '💙': 2.5, '🔥': 1.5,
  '😐': -0.5, '😑': -1, '🤔': -0.5, '😕': -1.5, '🙁': -1.5, '☹': -2, '☹️': -2, '😞': -2, '😔': -2, '😟': -1.5,
  '😢': -2, '😭': -2.5, '😩': -2.5, '😫': -2.5, '😤': -2.5, '😠': -3, '😡': -3, '🤬': -3.5, '🙄': -2, '😒': -2,
  '🤮': -3, '🤢': -2.5, '💩': -3, '👎': -2.5, '😱': -2, '😬': -1, '🤦': -2, '🤷': -0.5, '❌': -1.5, '⏳': -1,
  '🐌': -1.5, '💔': -2.5, '😴': -1,
};

const EMOTICONS: Record<string, number> = {
  ':)': 2, ':-)': 2, ':))': 2.5, ':D': 2.5, ':-D': 2.5, ';)': 1, ';-)': 1, '=)': 2, '<3': 3, ':P': 0.5, ':p': 0.5,
  ':(': -2, ':-(': -2, ':((': -2.5, ":'(": -2.5, ':/': -1, ':-/': -1, ':|': -0.5, '=(': -2,
};

/** The weight of an emoji or emoticon; skin tones and joined sequences count as their first emoji. */
export function emojiWeight(token: string): number | undefined {
  if (token in EMOTICONS) return EMOTICONS[token];
  if (token in EMOJI) return EMOJI[token];
  const first = [...token][0];
  return EMOJI[first] ?? EMOJI[token.replace(/\uFE0F/g, '')];
}
