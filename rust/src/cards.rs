//! Cards as ints: `rank * 4 + suit` (deuce = rank 0, ace = rank 12; clubs, diamonds, hearts,
//! spades = suits 0-3). Python parses and prints cards; this reader serves the Rust tests.

/// The rank characters, deuce first.
pub const RANKS: &[u8; 13] = b"23456789TJQKA";
/// The suit characters, clubs first.
pub const SUITS: &[u8; 4] = b"cdhs";

/// The cards of a text like `"As Kd 7c"` (`None` for anything else).
pub fn try_parse(text: &str) -> Option<Vec<u8>> {
    text.split_whitespace()
        .map(|word| {
            let bytes = word.as_bytes();
            if bytes.len() != 2 {
                return None;
            }
            let rank = RANKS.iter().position(|&r| r == bytes[0])?;
            let suit = SUITS.iter().position(|&s| s == bytes[1])?;
            Some((rank * 4 + suit) as u8)
        })
        .collect()
}

/// The cards of a text like `"As Kd 7c"`; panics on anything else (for tests).
pub fn parse(text: &str) -> Vec<u8> {
    try_parse(text).unwrap_or_else(|| panic!("not cards: {text:?}"))
}
