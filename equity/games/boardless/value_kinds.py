"""How a board-less game's hands are valued: the kind its kernels read
(:mod:`equity.games.boardless.scoring`).

Its own module, so that the games (:mod:`equity.games.boardless.stud`, :mod:`equity.games.boardless.draw`)
and the kernels name the kinds without importing each other.
"""

#: The high class; the high class and the eight-or-better low; ace to five; 2-7; badugi.
HIGH, HILO, RAZZ, DEUCE, BADUGI = range(5)
