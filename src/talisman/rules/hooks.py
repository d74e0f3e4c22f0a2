"""The base game's hook points: their names, signatures and meaning (the rule kernel).

The base rules fire these points with :func:`run_hook` (state hooks:
``fn(state, **details) -> state``) or :func:`adjust` (value hooks:
``fn(state, value, **details) -> value``); expansions (and the Alternative Endings, a base
plugin) subscribe to them through a :class:`talisman.engine.ruleset.Plugin`.  Only the
expansions named in ``state.config.expansions`` run, in the order configured, then the base
plugins: a base-game state never runs expansion code.  An expansion keeps its own plain data in
``state.ext[<expansion id>]``.  See docs/architecture.md.

State hooks:

``setting_up(state)``
    The base game's own set-up (the Alternative Endings deck), before the expansions'
    ``setup``.
``setup(state)``
    The game is set up (decks are built and shuffled), before the first turn.
``turn_opening(state, character)``
    A character's turn has started (logged), before anything of it: his lost turn righted, his
    turn frames, ``turn_beginning``, ``turn_started``.  The turn's end waits below the frames the
    hook pushes (a turn they end, ends there); the rest of the start follows them.  The Emperor's
    Guard's move at the end of the Round (docs/rulings.md G6, R-PROBE16C.1).
``turn_beginning(state, character)``
    A character's turn frames (movement, encounters, end) are pushed, before ``turn_started``:
    a power used before moving (an Alternative Ending's: Pandora's Box).
``turn_started(state, character)`` / ``turn_ended(state, character)``
    A character's turn begins / has ended.  Frames the hook pushes (and decisions it asks
    for) come first: before the turn's movement / before play passes on.
``movement_rolled(state, character, roll, dice=None)``
    A character rolled for movement (the Blood Moon's Werewolf moves after a 1); ``dice``: the
    dice rolled, when the caller knows them (``roll`` is their sum).
``events_drawn(state, character, cards)``
    A character drew one or more Events this encounter, before any card is met (the
    Harbinger moves; the Blood Moon's Time card flips).
``before_draw(state, character, space, count, deck)``
    A space's draw of ``count`` cards of ``deck`` is about to be made; frames the hook pushes
    (and decisions it asks for) run first.  A hook that draws them its own way (the Blood
    Moon's Grave Robber: from the discard pile, once he has chosen) answers the waiting draw
    ``kernel.answer(state, "encounters.draw_checked", {}, replaced=True)``.
``cards_drawn(state, character, space, cards)``
    A space's draw has put ``cards`` on the space, before any card is met (and before
    ``events_drawn``): the Doomsayer's and the Witch Finder's extra card, the Vampire Hunter's
    redraw, The Dead Rise's card from the discards.  Frames it pushes run first.
``prayer_rolled(state, character, roll)``
    A prayer's die roll (a ``roll`` whose table counts ``prayer_bonus``) is made, before its
    table is read.  A hook that adds to it asks first (a decision: the Blood Moon's Holy Day,
    "add up to 3"), then answers the waiting reading: ``kernel.answer(state,
    "effects.prayer_read", {"actor": character}, added=n)``.
``creature_combat_starting(state, character)``
    A combat of ``character`` against creatures is set up (``state.battle``, its Enemies held),
    before he declares.  Frames the hook pushes (and decisions it asks for, another player's
    too) run first; the combat then goes on as after a Spell cast in it (over if
    ``state.battle.result`` is set).  The Blood Moon: another character may cast a Spell "when a
    character is about to fight a creature" (the Feral Hunger).  Asked only when some plugin
    listens.
``combat_resolved(state, character, result)``
    A combat's scores are compared and ``state.battle.result`` holds the result (after the
    ``combat_result`` hook), before it is applied.  Frames the hook pushes (a decision, a die)
    come first; they may change ``state.battle.result`` (a loss turned into a stand-off) or
    set it to ``None`` to fight on: with ``state.battle.roll`` kept, the opponent rolls
    again; with it cleared, the character declares and attacks again.
``combat_ended(state, combat)``
    A combat or psychic combat is over: its result is decided and logged (``combat_won``,
    ``combat_lost``, ``standoff``, ``evaded``...), before what follows from it (trophies, a
    life lost, the spoils, the result's frame).  ``combat`` is a :class:`CombatEnded` record.
    A subscriber records what it needs (the Blood Moon queues the work a result calls for);
    it asks for no decision and pushes no frame.
``card_met(state, character, card, space)``
    A Stranger, Place, Object or other card on a space is met (logged ``card_met``), before
    its effects run.  A subscriber records what it needs; it asks for no decision and pushes
    no frame (the Blood Moon: a visit under a Lunar Event).
``table_rolled(state, character, roll, dice, cause)``
    A roll of the effect vocabulary (a space's or a card's ``roll`` table, a prayer) is kept:
    ``dice`` the dice it shows, ``roll`` their sum, before its table is read.  Frames the hook
    pushes run once the table's effects are done (the Blood Moon's Black Cat: a 1 rolled in
    the holder's turn lets him discard it).  Asked only when some plugin listens.
``fate_rerolled(state, character, dice, cause)``
    ``character`` paid a fate to roll again (FATE) and the new ``dice`` are in, before they
    are used: his movement roll, his attack roll in a combat, a table roll, another roll a
    card or space orders (``characters.OwnRoll``: the Werewolf's chart, a lowest roll...)
    (``cause``: what was rolled for).  Frames the hook pushes run once the step the roll serves is done (the
    Harbinger's Witch Cat: a re-roll of 1 makes its holder a Toad).  Asked only when some
    plugin listens.
``lives_gained(state, character, amount, cause)``
    ``character`` has just healed or gained ``amount`` lives (``characters.heal``,
    ``characters.gain``), after they are added.  A subscriber asks for no decision (the
    Harbinger's Key to Hades: its holder heals 1 when another character does).  Asked only
    when some plugin listens.
``spell_cast(state, caster, spell, context)``
    A Spell has been cast (it is on the discard pile), before it takes effect and before a
    Counterspell may answer it (``context``: ``turn``, ``combat``, or for a Spell an
    expansion casts out of turn, ``{"then": <its rule step>}``: ``spells.cast_answered``).  Frames the hook pushes
    (and decisions it asks for) come first; a hook that cancels the Spell (the Harbinger's
    Dispellation, once a player has chosen to cast it) answers the waiting cast:
    ``kernel.answer(state, "spells.answered", {"caster": caster}, cancelled=True)``.
``scroll_read(state, reader, scroll, context)``
    A Scroll has been read (it is on the discard pile), before it takes effect (``context``:
    ``turn`` or ``combat``).  As ``spell_cast``: frames the hook pushes come first; a hook that
    cancels the Scroll answers the waiting read:
    ``kernel.answer(state, "spells.scroll_answered", {"reader": reader}, cancelled=True)``
    (the Timescape's D8).
``spoils_option_chosen(state, victor, loser, action)``
    The victor of a fight between characters chose a spoils option an expansion offered
    (``spoils_options``); the hook applies it (the Blood Moon's Syphoning Sceptre: a Strength
    or Craft taken).  The victor's "on win" continues after it.
``card_discarded(state, card, deck)``
    ``card`` has just gone to the discard pile of ``deck`` (``characters.discard``: a card
    discarded, a trophy cashed in, an Event's clearing...), after it is on the pile.  A
    subscriber asks for no decision and pushes no frame (the Blood Moon's Ghostwood Wand: a
    Spirit reaching the Adventure discard pile gives its holder a Spell there and then).
``possession_gained(state, character, card)``
    ``card`` (an Object, Magic Object or Follower) has just joined ``character``'s possessions
    through ``effects.add_possession`` (claimed, drawn, given by an effect); it asks for no
    decision (the Blood Moon's Living Doll: every other Object is left on the space; the Black
    Cat: all fate lost).
``character_option_chosen(state, character, other, action)``
    On meeting ``other``, ``character`` chose an option an expansion offered
    (``character_options``) instead of an attack; the hook plays it (it may ask for decisions).
``character_died(state, character)``
    A character has died.
``character_joined(state, character)``
    A player whose character died began again with a new one (LOSING ALL LIVES, the option
    ``new_character``): the piece ``character`` is in play, before its first turn (OPTIONAL
    RULES, HENCHMEN: his Henchmen dealt).
``law_met(state, character, law)``
    A representative of the Law that is no card (``law``: its name, the Emperor's Guard's piece
    ``emperors_guard``) meets ``character``, before its own encounter (a bribe, a fight).
    Frames the hook pushes (a D%: the Brotherhood of the Bell, "The Emperor's Guard is
    considered LAW as well") come first.
``law_won(state, character, law)``
    The Law ``law`` (as in ``law_met``) has beaten ``character`` in combat, after the life he
    lost; he is alive.  Frames the hook pushes come first (the Brotherhood: a member the Guard
    knows is sent to the Donjon).
``arrested(state, character)``
    The Law has taken ``character`` to its prison (the City's Donjon), just now, after the
    ``arrested`` line: a subscriber whose rules begin there (the Brotherhood of the Bell: "All
    Members ... lose all Possessions, discard immediately") applies them at once.
``warrant_discarded(state, character, cause)``
    ``character`` discards his Warrant Card, if he holds one (the Brotherhood's Donjon: he leaves
    it other than by escaping, as the City's "Discarding Warrants" has it): a subscriber that keeps
    Warrant Cards (the City) drops his.
``going_underground(state, character, space)``
    ``character`` (his party with him) is about to leave the board's surface for ``space``, a
    place beneath it in no Region of the board, by that place's own way in: not a move straight to
    a space (no ``before_forced_move``: the rules on teleporting out of a board do not stop it),
    and refused by nobody.  A subscriber takes its dues on the way: what cannot go there stays on
    the space he leaves (an Airship: "Airships simply will not go that high", rulings A14).
``other_follower_lost(state, character, follower, cause)``
    One of the Followers ``other_followers`` named (``henchman:<id>``) is lost: killed, given up
    or driven off; the plugin that keeps it lets it go.
``other_possessions_lost(state, character, cause)``
    ``character`` loses all Possessions (LET'S SEE YOU SUFFER, the Lord of Chaos's errands, the
    Brotherhood's Donjon: ``characters.discard_held_cards``) or becomes a Toad (TOADS &
    TRANSFORMATIONS: "cannot have any Possessions": ``characters.become_toad``, before his Objects
    are dropped; docs/rulings.md R-FIX23.1; or a Toad again as his two pieces become one:
    ``characters.toad_keeps_nothing_aside``, R-FIX26.2): the plugin that keeps some of them
    outside his five lists (``other_possessions``) discards them; ``cause`` says which.
``other_follower_taken(state, character, opponent, follower)``
    ``character`` takes one of the Followers ``other_followers`` named of ``opponent``
    (``henchman:<id>``) by an ability (the Sorceress's ``take_follower``); the plugin that keeps
    it moves it to him.
``became_toad(state, character)``
    A character has been turned into a Toad (the Blood Moon: a Lycanthrope card is discarded; the
    City: the animals he left outside a building are dropped, docs/rulings.md R-FIX26.6),
    or is one Toad again as his two pieces become one (``characters.toad_keeps_nothing_aside``:
    docs/rulings.md R-FIX26.2).
``characters_fought(state, victor, loser, kind)``
    One character has beaten another in combat, before the spoils.
``gold_paid(state, character, amount, cause)``
    A character has lost ``amount`` gold for ``cause`` (``healing``: paid for healing), logged
    ``gold_lost``; the gold is in the bank (the Pirate's Plunder leaves what is paid the Doctor on
    the space).
``characters_stood_off(state, character, opponent, kind)``
    A combat between two characters has ended in a stand-off (logged ``standoff``), before the
    combat's stand-off frame: what a roll in it does whatever the result (the Chainsaw Warrior's
    Chainsword).
``combat_die_along_rerolled(state, character, at, roll)``
    The die ``at`` (from 0) of those a plugin rolled along with ``character``'s combat roll
    (``combat_dice_along``) was rolled again for a fate: ``roll``, its new number, replaces it
    (the Airship die: rulings R-FIX27.1).
``combat_option_chosen(state, character, action)``
    A combat option an expansion offered (``combat_options``) was chosen; the hook may set
    ``state.battle.result`` (``evaded``, ``won``, ``standoff``...) to end the combat.  Frames
    it pushes (a Spell cast: the Harbinger's divine gifts) run first; the combat then goes on as
    after a Spell cast in combat (``combat.after_cast``).

Value hooks:

``before_movement(state, result, character)``
    A character is about to move; ``result`` is ``(state, replaced)``, ``(state, False)`` to
    begin with.  A subscriber that moves the character its own way (on an expansion board: the
    City's streets; a decision it asks for) returns its state and ``True``: the base movement is
    not offered.  A subscriber called with ``replaced`` true leaves the move to the one that
    took it.  Frames a subscriber pushes (and decisions it asks for) come first.
``before_encounter(state, result, character, space)``
    A character is about to encounter its space; ``result`` is ``(state, replaced)``, ``(state,
    False)`` to begin with.  A subscriber that replaces the encounter (the Harbinger's chart, the
    Tower's rooms, the City Gate) returns its state and ``True``: the base encounter is not
    had.  Frames a subscriber pushes (and decisions it asks for) come first.
``before_forced_move(state, result, character, space, cause)``
    A character is about to be moved straight to ``space`` by an effect (a teleport, a
    "move to", a barge: ``movement.forced_move``; another's power: ``movement.sent``; the
    Warlock's quest completed: ``quests.complete``); ``result`` is ``(state, refused)``,
    ``(state, False)`` to begin with.  A subscriber that forbids the move returns its state and
    ``True``: the character stays where he is (the City's Loan: leaving the City by a spell
    with a Loan unpaid, the Bank's Wizard's Toad instead).  ``cause`` ``movement.EXPELLED``: a
    sentence ("Tossed out of the City"), which a subscriber may take its dues on but not refuse.
``draw_deck(state, deck, character, space)``
    The deck a space's "draw N cards" draws from (the Harbinger's region draws Harbinger cards).
``attack_score(state, score, enemy, kind)``
    One creature's part of its attack score in a combat, before the die (the Blood Moon: 1
    less by Day, taken from this part, the die keeping the whole score at 1 or more; 1 more at
    Night; for each enemy separately).
``effect_targets(state, targets, actor, source)``
    The characters an effect for several characters reaches (``each_character``: an Event for
    every character or for a Region), in the order they are dealt with; a subscriber may leave
    some out (the Catacombs: an Event drawn above ground never reaches a character underground).
    ``actor`` is None when a card in play is asked whom its lasting effects reach (the Blood
    Moon's Lunar Events, for one character at a time).
``encounter_characters(state, others, character, space)``
    The other characters ``character`` may choose to encounter on his space, in seating order
    (asked only when there are some); a subscriber may leave some out (the Timescape: none on a
    reality without a Dimensional Rift; then the space is encountered).
``space_effect(state, effects, space)``
    A space's instructions (a Terrain card replaces them; the City gate ignores the City's).
``card_effect(state, effects, card)``
    A card's instructions as a character meets it or visits it face up (the Ability Stockpile:
    a Spell or Scroll sold there may be bought with an Ability for 1 Gold more).
``space_named(state, allowed, space, effect)``
    Whether an effect naming ``space`` (``move_to``, ``next_move``, ``place_self``) takes
    effect (``False``: it is ignored, logged as ``effect_ignored``).  Asked only with expansions
    in play (the Harbinger: a space covered by Terrain "is no longer on the board").  Also
    asked by the abilities that name a kind of space (``effect`` is the ability's id:
    ``evade_in_woods``, ``evade_in_hills``, ``woods_to_woods``, ``build_raft``;
    ``kernel.space_named_for``): ``False`` means the space no longer bears its board name, so
    it is not of that kind (a Terrain card's name is used instead).
``space_stands_for(state, stands_for, space)``
    The main board's space that ``space``, a space of an expansion's board, is (``space`` itself
    to begin with): the City's Gate is the main board's City space ("The City Space on the main
    board is considered the City Gate").  Asked by the Realms' tithings (000 Tithings: a Realm on
    the City is passed over by a character walking out through the Gate), only with expansions
    in play.
``crossing_guarded(state, guarded, space)``
    Whether the Sentinel or the Portal must be beaten to cross there (a Terrain card on it
    lets characters cross freely).
``combat_result(state, result, character, kind, enemies, opponent)``
    A combat's result (``won``, ``lost``, ``standoff``) before it is applied (a card turns a
    loss into a standoff).
``character_score(state, score, character, kind)``
    A character's Strength (battle) or Craft (psychic combat) total in a combat.
``attack_roll(state, roll, enemies, kind, character)``
    The die roll for the creatures in a combat.
``creature_bonus(state, bonus, space)``
    What a space adds to its creatures' attack (the Runes: 2).
``counter_gain(state, amount, character, counter)``
    How much of ``counter`` (``fate``, ``gold``, ``strength``...) a character gains
    (``characters.gain``, and the fate of a replenish); 0 or less: nothing is gained
    (``gain_refused``).  Asked only with expansions in play (the Blood Moon's Black Cat: no
    fate).
``combat_dice(state, dice, character, kind)``
    The dice a character rolls for his attack in a combat (``"d6"``, the Warrior's ``"2d6"``:
    the higher counts), asked only with expansions in play (the Blood Moon's Champion of
    Light: one die more by Day).
``spoils_options(state, options, victor, loser, kind)``
    The spoils offered to the victor of a fight between characters (a tuple of notations,
    ``spoils:...``); an option an expansion adds is applied by its ``spoils_option_chosen``
    hook.  Asked only with expansions in play.
``character_options(state, options, character, other)``
    What ``character`` may do on meeting ``other`` (a tuple of notations: ``attack:battle``,
    ``ability:steal``...); an added option is played by ``character_option_chosen``.  Asked
    only with expansions in play (the Blood Moon's Tricks and Treats: ``trick:<card>``).
``combat_dice_along(state, dice, character)``
    The dice a plugin has rolled along with ``character``'s own combat roll, a tuple of
    ``(spec, number)`` in the order rolled (aboard an Airship its die: "roll the appropriate die
    Airship Die along with 1D6").  Once there is one, nothing comes between it and the combat die
    (no Spell, Scroll or Henchman: the declaration offers ``fight`` alone), and a Fate re-roll of
    the combat roll may choose it (``combat_die_along_rerolled``; rulings R-FIX27.1, R-FIX27.2).
    Asked only with expansions in play.
``combat_options(state, options, character)``
    The options offered before the dice of a combat (tuple of notations).
``defender_options(state, options, character)``
    What a character attacked by another may declare before the dice besides evading and his
    Spells (a tuple of notations; OPTIONAL RULES, HENCHMEN: ``henchman:<id>``, a Henchman
    fighting in stead); a chosen one is played by ``combat_option_chosen`` with the defender as
    ``character``.  Asked only when some plugin keeps state (``state.ext``).
``teleport_destinations(state, spaces, character, region)``
    The spaces a teleport ``region`` (``same``, ``any``, a region id) offers the character (a
    tuple of space ids; the City: from its spaces a same-Region teleport reaches its other
    spaces, from one building to another).
``table_roll(state, value, character, space, card, roll)``
    The value a table is read at (the dice, plus or less what the roll adds or subtracts, and
    the abilities' bonus) of a ``roll`` effect whose source is ``space`` or ``card`` (either
    may be None); ``roll`` the dice's sum alone.  Asked only when some plugin listens (the
    Harbinger's Cursed Talisman: 3 more at the Mines and the Crypt; the Bog: 1 less on the
    dice, never below 1).
``life_value(state, value, character)``
    The most lives HEALING restores ``character`` to (4: "never restores a character to more
    than 4 lives").  Asked only with expansions in play (the Harbinger's Key to Hades: 2 more
    for each character in the game; the Forbidden Tome: 1 less for each Spell held).
``fate_value(state, value, character)``
    How much fate a replenish restores ``character`` to (his starting fate).  Asked only with
    expansions in play (the Forbidden Tome: 1 less for each Spell held).
``draw_count(state, count, character, space)``
    How many cards a space's "draw N cards" makes up to.
``cards_lying(state, count, space)``
    How many cards already lie on ``space`` for its "draw N cards" to make up to ("any Cards of
    any type", ENCOUNTERS IN A SPACE): the face-up cards to begin with; a subscriber adds the
    cards it keeps face down there (the Emperor's Guard: closed Places, hiding Followers).
``movement_dice(state, spec, character)``
    The dice of a movement roll.
``movement_count(state, count, character, dice)``
    The number a movement roll of several ``dice`` counts as, for what reads "the roll" or "a 6"
    of the movement die (the abilities' options on the roll: the Troll's regeneration, the
    Leprechaun's Teleport on a 4): the dice's sum to begin with; the plugin that made the roll
    several dice says which counts (the Blood Moon's Moon Mist: the lowest, rulings R-MM9).
    Asked only for a roll of more dice than one.
``movement_destinations(state, destinations, character, roll, dice, way=None)``
    The destinations a movement roll offers (a sorted tuple of space ids).  A hook may remove
    destinations or add others: a shorter move, a stop on the way, a count one more or less,
    staying put (the character's own space: it stays and encounters it).  An added destination
    is walked along the shortest path that reaches it (``movement.shortest_path``).  ``dice``:
    the dice rolled (``roll`` is their sum).  ``way``: given (``"anticlockwise"``) only when the
    count reaches a space both ways round, the main board asking again: a subscriber that reads
    the walks reads them that way (``movement.walks(..., way)``); an answer other than the first
    offers ``move:<space>:anticlockwise`` (rulings R-MV10.1).  Or a :class:`OneWalk`: the move
    follows that one walk (the City's Stowaways' run, clockwise), which ``movement.walks(...,
    way)`` then gives instead of the board's (rulings R-FA13.2).  Every subscriber takes the
    keyword and reads the walks with it.
``movement_walks(state, walks, character, steps)``
    The walks of a move of ``steps`` from ``character``'s space (``movement.walks``): ``walks`` is
    ``None`` to begin with: the main board's walk applies (``movement.reachable``).  A board that
    moves a character its own way (the City's streets) answers ``{destination: path}``, a path
    being ``(space, how)`` pairs, the destination last, so that what changes a move by the spaces
    it passes (a ``movement_destinations`` subscriber) reads that board's walk.
``when_drawn_played(state, played, character, space, card)``
    Whether a card drawn onto ``space`` plays its own "when drawn" effect (the Hermit's
    withdrawal, the Ghost's move) before the ``cards_drawn`` hook sees the draw: an expansion
    that discards such a card unmet answers ``False`` (the Timescape: "If you draw ... the
    Hermit ... discard them and draw again").  Asked only for a card that has one.
``movement_roll_answers(state, frames, character, roll, dice, waiting="movement.roll_answered")``
    A character's movement roll is made (``movement.rolled``, after ``movement_rolled``; a Fate
    re-roll is a roll again), before he chooses where to go: the frames (a tuple, ``()`` to begin
    with) to run first, in the order given; with none nothing is pushed.  Another character's
    answer to the roll (the Harbinger's Dark Binding, cast "after another character's movement
    roll").  A frame that takes the move over answers the waiting choice:
    ``kernel.answer(state, waiting, {"character": character}, replaced=True)``.  ``waiting``: the
    rule step that waits for the answers, given only by a board that rolls its own way (the
    City's streets: ``city.roll_answered``); the main board's is ``movement.roll_answered``.
``movement_along(state, spaces, character, roll)``
    The spaces along a movement roll of ``roll`` in each direction, every stop short of its end
    included (the Harbinger's Dark Binding: "you choose his direction and may stop him anywhere
    along it").  ``spaces`` is ``None`` to begin with: the main board's walk applies
    (``movement.reachable``).  A board that moves a character its own way (the City's streets,
    the Dungeon's spiral) answers a sorted tuple of space ids, and moves him to the one chosen when asked
    ``move_elsewhere``.
``move_elsewhere(state, result, character, dest, roll)``
    A destination ``movement_destinations`` added that no walk of the board reaches (the Door of
    the Wizard's Tower on a roll past the Portal of Power): ``result`` is ``(state, handled)``; the
    subscriber that moves the character there returns its state and ``True``.
``spell_limit(state, limit, character)``
    NUMBER OF SPELLS: the most spells a character may hold.
``carry_limit(state, limit, character)``
    LIMIT TO NUMBER OF OBJECTS: how many Objects ``character`` may carry (4 and what his
    Articles carry); asked only with expansions in play (the Airships: a stunned Mule carries
    nothing).
``type_limit(state, limit, character, kind)``
    The most Objects of type ``kind`` (``magic_object``...) a character may carry; ``None``: no
    limit of its own (the base game only counts all Objects).  Asked only with expansions in
    play, when a card of that type would be taken (the Harbinger's Fleeting Magic: 1).
``trophies(state, cards, character)``
    The beaten enemies (a tuple of card ids) a character keeps as trophies after a combat won;
    the others are discarded (the Harbinger's Spiteful Ghosts: no Spirit or Undead trophy).
``trophy_value(state, value, card, counter, character=None)``
    What a kept enemy is worth when cashed in for ``counter``; ``character``: whose trophy it
    is, when the caller knows (the Harbinger's Vengeful Ghosts: each of its holder's trophies
    is worth 1 less).
``follower_allowed(state, allowed, character, card)``
    Whether the Follower ``card`` may join ``character`` (``True`` to begin with); refused, it
    stays on his space (logged ``follower_refused``); asked too of an Enemy the Ghoul would raise,
    an Animal to be tamed or charmed, and a Follower or Henchman (``card``: ``henchman:<id>``,
    no card) to be taken from another character (the spoils of psychic combat, the Sorceress,
    Mesmerism): refused, it is not offered.  Asked only with expansions in play (the Harbinger's
    Putrid Zombie as a trophy: no Follower may be taken).
``alignment_changing(state, result, character, alignment, cause)``
    A character's alignment is about to change to ``alignment``; ``result`` is ``(state,
    kept)``, ``(state, False)`` to begin with.  A subscriber that refuses the change (the
    Harbinger's Possessed, who never turns Good) returns its state (a life lost) and ``True``;
    it asks for no decision.  Asked only with expansions in play.
``lives_losing(state, result, character, amount, cause)``
    ``character`` is about to lose ``amount`` lives (``characters.lose_lives``, every loss of
    lives), before they are taken; ``result`` is ``(state, spared)``, ``(state, 0)`` to begin
    with.  A subscriber that takes some of the loss elsewhere (the Blood Moon's Self-Portrait:
    spare lives on the card) returns its state and ``spared`` plus how many lives it spares;
    it asks for no decision.  Asked only when some plugin listens (``hooks.subscribed``): an
    expansion in play, or the Henchmen option once dealt (whose Henchman loses the life of a
    fight it lost).
``trophy_kept(state, kept, character, card, counter)``
    Whether a trophy may not be cashed in for ``counter`` (Pandora's Box's Hydra keeps Dragons).
``alignment_locked(state, locked, character, alignment)``
    Whether a change of alignment is refused, costing a life instead (an Alternative Ending's
    star instruction: "stay Good").
``attacks_allowed(state, allowed, character)``
    Whether a character may attack another it meets (an ending's star instruction: no attacks).
``crown_holds(state, holds, character)``
    Whether a character on the Crown of Command may not move off it (an ending card).
``retreat_forced(state, forced, character)``
    Whether a character in the Inner Region must retreat toward the Portal of Power, one space a
    turn, with no ``stay`` (the Lord of Chaos's LET'S SEE YOU SUFFER: "you must go all the way to
    the Portal of Power before you return", rulings R-EN10.6).
``crown_encounter(state, result, character)``
    THE CROWN OF COMMAND SPACE's encounter: ``result`` is ``(state, handled)``; a subscriber
    that decides the encounter (the Alternative Endings) returns its state and ``True``.
``crown_route(state, route, space)``
    The way in to the Crown of Command a move to ``space`` shows (``mines``, ``crypt`` or
    ``None``: the Lord of Chaos's "return via a Different route"); an expansion's way in names
    its own (the Wizard's Tower: ``wizards_tower``).
``ability_lent(state, lent, character, ability)``
    Whether ``character`` may use ``ability`` that neither its card nor its possessions give
    (OPTIONAL RULES, HENCHMEN: a Henchman's Special Ability used "as if they were his own").
    Asked only when some plugin keeps state (``state.ext``); a Toad still uses none.
``title_abilities(state, abilities, character)``
    The abilities of a character card ``character`` holds beside its own (a Master Level title:
    "take the appropriate Character Card", 000 MASTER LEVEL CHARACTERS), which count as the
    character's printed ones where a rule asks for those alone (``characters.card_ability``).
``object_usable(state, usable, character, card, copy=0)``
    Whether ``character`` (the piece in play under that id) may use the possession ``card`` it
    carries, once the card's and the character's own restrictions allow it
    (``characters.usable`` given the state: its bonus, its abilities, its data); carrying is
    not asked.  ``copy``: which copy of a card held more than once this is (0 for the first,
    ``characters.with_copies``): the Airships' stunned Follower is one copy.  Asked too of a Henchman serving him, ``card`` being ``henchman:<id>`` (no card):
    whether his help (the abilities he lends, his fight in stead) may be used now.  Asked only when some plugin keeps state (``state.ext``; MASTER LEVEL
    CHARACTERS: the Mystic "may only use Magic Objects and Magic Items", the Original "only
    Non-Magic Objects and other possessions").
``warrant_taking(state, result, character, cause)``
    ``character`` must take a Warrant Card (the Emperor's Guard: a tax unpaid, a Guard beaten);
    ``result`` is ``(state, taken)``, ``(state, False)`` to begin with.  A subscriber that keeps
    Warrant Cards (the City) gives him one and returns its state and ``True``; without one the
    caller keeps the Warrant itself.  Asked only with expansions in play.
``warrant_held(state, held, character)``
    Whether ``character`` holds a Warrant Card some expansion keeps (the City's), for a rule of
    another that asks (the Emperor's Guard takes no bribe from a Warrant holder).
``entrance_ways(state, spaces, entrance)``
    The spaces from which a figure may go down onto ``entrance``, the entrance space of another
    board, and back out onto from it (a tuple of space ids, one entry per way in, ``()`` to begin
    with): the board that keeps its ways in answers for its own entrance (the Dungeon: the spaces
    with an upturned Doorway, the City's one too; a face-down Doorway is none), for a rule of
    another that moves a figure there (the Blood Moon's Werewolf).  Asked only with expansions
    in play.
``other_followers(state, followers, character)``
    The Followers of ``character`` that are no cards (a tuple of notations; OPTIONAL RULES,
    HENCHMEN: ``henchman:<id>``, "considered Followers for any pertaining rules"), for the
    effects that count, take or make him lose Followers.  Asked only when some plugin keeps
    state (``state.ext``).
``other_possessions(state, possessions, character)``
    The Possessions of ``character`` that some expansion keeps outside his five lists (a tuple of
    card ids, ``()`` to begin with; POSSESSIONS: "Anything belonging to any Character is
    considered a Possession"): the Blood Moon's Enemies stored on his Book of the Dead, the Enemy
    his Reanimate raised, the Night Stalker following him (docs/rulings.md R-RULER20.5), for the
    rules that count his Possessions (the Stowaways' "4 Possessions or less") or take them all.
    Asked only when some plugin keeps state (``state.ext``).
``may_affect(state, allowed, actor, target, means)``
    Whether ``actor`` may affect ``target``, another character he picks as the object of an act
    (``True`` to begin with): ``means`` names the act (``warrant``: a Warrant bought for him;
    ``spell``: a Spell cast at him; ``give``, ``take``: an Object given or taken; ``card``: a
    card's "another character"; ``dispel``: Dispel Magic on his Toad; ``perils``: Pandora's
    Teleport to a fight; ``claim``: the Gypsy's claim of the Scroll he discards; ``tithe``: a
    Follower offered to him as a Realm's tithing; ``arena``: chosen as the Arena's first opponent;
    ``held``: a held card's reach to its holder, the Key to Hades; ``trade``, ``rejoin``: one
    player's two pieces meeting, ``actor`` and ``target`` both the player, ``kernel.pieces_may_meet``).  A subscriber answers ``False`` to leave him out of the choice (the
    Timescape: "Characters in the Timescape may not affect or be affected by other Characters,
    unless a Dimensional Rift has occurred", Spells and Scrolls excepted).  Asked through
    ``kernel.may_affect`` / ``kernel.affectable``, only when some plugin subscribes.
``characters_held(state, held)``
    The character cards out of the remaining stock beside the living pieces' (a frozenset, empty
    to begin with), for a new character's choice (``winning.unused_characters``): OPTIONAL RULES,
    HENCHMEN, a card "in play as a Henchman" (dealt "from the remaining Character Cards"), one
    waiting on a Realm as a tithing too.  Asked only when some plugin keeps state.
``player_view(state, view, player)``
    The state as ``player`` may see it: an expansion hides its own secrets in ``view``
    (a face-down Alternative Ending).
"""
from __future__ import annotations

from typing import Optional

import attrs

from ..engine.ruleset import RULESET

STATE_HOOKS = ("setting_up", "turn_opening", "turn_beginning", "setup", "turn_started", "turn_ended", "movement_rolled",
               "before_draw", "cards_drawn", "events_drawn", "prayer_rolled",
               "table_rolled", "fate_rerolled", "lives_gained", "gold_paid",
               "creature_combat_starting", "combat_resolved", "combat_ended", "card_met",
               "spell_cast", "scroll_read", "character_died", "character_joined", "became_toad",
               "characters_fought", "characters_stood_off", "combat_option_chosen", "combat_die_along_rerolled",
               "spoils_option_chosen", "possession_gained", "card_discarded", "character_option_chosen",
               "other_follower_lost", "other_follower_taken", "other_possessions_lost", "law_met", "law_won",
               "arrested", "warrant_discarded", "going_underground")
VALUE_HOOKS = ("before_movement", "before_encounter", "before_forced_move", "draw_deck", "attack_score", "effect_targets", "encounter_characters", "space_effect", "card_effect", "space_named", "space_stands_for", "crossing_guarded",
               "combat_result", "character_score", "attack_roll", "creature_bonus", "combat_options", "combat_dice_along",
               "combat_dice", "spoils_options", "counter_gain", "character_options",
               "draw_count", "cards_lying", "movement_dice", "movement_count", "movement_destinations", "movement_walks", "movement_roll_answers", "movement_along", "when_drawn_played", "move_elsewhere", "teleport_destinations",
               "spell_limit", "carry_limit", "type_limit", "trophies", "trophy_value", "player_view",
               "crown_route", "trophy_kept", "alignment_locked", "attacks_allowed", "crown_holds",
               "retreat_forced", "crown_encounter", "alignment_changing", "lives_losing", "ability_lent",
               "warrant_taking", "warrant_held", "entrance_ways", "defender_options", "other_followers", "other_possessions",
               "follower_allowed", "table_roll", "life_value", "fate_value",
               "object_usable", "may_affect", "title_abilities", "characters_held")
HOOK_NAMES = STATE_HOOKS + VALUE_HOOKS


@attrs.frozen
class CombatEnded:
    """The ``combat_ended`` hook's payload: one combat, over.

    ``character``: who fought (the attacker, between characters); ``kind``: ``battle`` or
    ``psychic``; ``result``: ``won``, ``lost``, ``standoff``, ``evaded`` (for ``character``) or
    ``tamed`` (every enemy tamed); ``enemies``: the enemies' names (a card's id for a card);
    ``opponent``: the other character, or None; ``scores``: each comparison of the scores made
    in this combat, ``(character's, opponent's)`` (none when it ended before the dice; more than
    one when a hook had it fought on)."""

    character: str
    kind: str
    result: Optional[str]
    enemies: tuple[str, ...] = ()
    opponent: Optional[str] = None
    scores: tuple[tuple[int, int], ...] = ()



@attrs.frozen
class OneWalk:
    """The one walk a move must follow, given to ``movement_destinations`` as its ``way`` (and
    from there to ``movement.walks``) in place of the walks of the board: the Stowaways' run,
    "that many Spaces clockwise in the City" (rulings R-FI12.1, R-FA13.2).  ``pairs``: its
    ``(space, how)`` pairs in order; a walk of ``steps`` is its first ``steps`` pairs, ending
    on the last of them."""

    pairs: tuple[tuple[str, str], ...]

    def walks(self, steps: int) -> dict[str, tuple[tuple[str, str], ...]]:
        """``{destination: path}`` of a walk of ``steps`` along it (none past its end)."""
        if not 1 <= steps <= len(self.pairs):
            return {}
        return {self.pairs[steps - 1][0]: self.pairs[:steps]}


RULESET.declare(STATE_HOOKS, VALUE_HOOKS)

#: Fire a state hook point: ``run_hook(state, "turn_started", character=cid) -> state``.
run_hook = RULESET.run_hook
#: Fire a value hook point: ``adjust(state, "draw_count", 1, character=cid, space=s) -> value``.
adjust = RULESET.adjust
#: An enabled expansion's effect function for an effect name, or None.
effect = RULESET.effect
#: Whether firing a hook point can run any code in this state:
#: ``subscribed(state, "lives_losing") -> bool``.
subscribed = RULESET.subscribed
#: Whether some plugin of a game of a configuration subscribes to a hook point (for a base
#: plugin's ``wanted``): ``listens(state.config, "ability_lent") -> bool``.
listens = RULESET.listens
