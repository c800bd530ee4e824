//! A reusable list of legal moves.

use std::ops::Deref;

/// Legal moves of one position. Kept across steps so that a playout allocates
/// only while the buffer grows to the game's largest branching factor.
#[derive(Clone, Debug)]
pub struct MoveBuffer<M> {
    moves: Vec<M>,
}

impl<M> Default for MoveBuffer<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M> MoveBuffer<M> {
    pub fn new() -> Self {
        MoveBuffer { moves: Vec::new() }
    }

    pub fn with_capacity(capacity: usize) -> Self {
        MoveBuffer {
            moves: Vec::with_capacity(capacity),
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }

    /// Removes moves that fail `keep`, preserving order.
    pub fn retain(&mut self, keep: impl FnMut(&M) -> bool) {
        self.moves.retain(keep);
    }

    /// Removes and returns the move at `index`, replacing it by the last
    /// (order is not kept: drawing without replacement).
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> M {
        self.moves.swap_remove(index)
    }

    pub fn as_slice(&self) -> &[M] {
        &self.moves
    }
}

impl<M> Deref for MoveBuffer<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        &self.moves
    }
}

impl<M> Extend<M> for MoveBuffer<M> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        self.moves.extend(iter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reuses_its_storage() {
        let mut buf = MoveBuffer::with_capacity(4);
        buf.extend([1, 2, 3]);
        assert_eq!(&*buf, &[1, 2, 3]);
        buf.clear();
        assert!(buf.is_empty());
        buf.push(7);
        buf.retain(|&m| m != 7);
        assert_eq!(buf.len(), 0);
        buf.extend([4, 5, 6]);
        assert_eq!(buf.swap_remove(0), 4);
        assert_eq!(&*buf, &[6, 5]);
    }
}
