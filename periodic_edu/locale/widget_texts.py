"""English source texts of the widgets and the dashboard: the ``widgets`` message domain.

``FRONT_END`` holds every word the widgets' JavaScript shows (it used to live in
``widgets_js/strings.js``, which is gone: the browser receives these texts, translated, in each
widget's read-only ``strings`` trait - see :func:`widget_strings`). A key is
an id the JavaScript asks for with ``say(key, params)``; ``{name}`` marks a value; ``NP_`` is a
plural (the browser picks the form with ``Intl.PluralRules``); a key ending in ``_you`` is the
form used for the person's own seat ("You choose", not "You chooses").

``DASHBOARD`` holds the Python-built dashboard's words (tab titles, setup controls, bot names).
``scripts/update_catalogs.py`` extracts both tables into ``locale/widgets.pot``. Keys are ids and
are never translated."""
from __future__ import annotations

from .. import i18n
from ..i18n import N_, NP_

#: the static site has no server to share a table (the site's page, the join panel there)
SITE_NO_CLASS_PLAY = N_("Class games, with every student on their own device at one table, "
                        "need the Voila dashboard on a server: this page has no server. Here "
                        "you can play against bots or pass one screen around.")

FRONT_END = {
    'you': N_("You"),
    # grammar
    'possessive': N_("{name}'s"),
    'your': N_("Your"),
    'and': N_(" and "),
    'none': N_("none"),
    'player_n': N_("Player {n}"),
    'n_cells': NP_("{n} cell", "{n} cells"),
    'n_steps': NP_("{n} step", "{n} steps"),
    'n_highlighted': NP_("the {n} highlighted cell", "one of the {n} highlighted cells"),
    'n_award_tiles': NP_("{n} award tile", "{n} award tiles"),
    'n_energy_on_spot': NP_("{n} energy token on the spot", "{n} energy tokens on the spot"),
    'cards_below': NP_("{n} card below", "{n} cards below"),

    # screen-reader announcements
    'reach_head': N_("{trend} from {from}: {cells}."),
    'reach_group': N_("{steps}: {names}."),
    'announce_undo': NP_("Undone: 1 action taken back.", "Undone: {n} actions taken back."),

    # the game: header and tools
    'title_setup': N_("Periodic — Setup"),
    'title_round': N_("Periodic — Round {n}"),
    'title_round_of': N_("Periodic — Round {n} of {max}"),
    'status_over': N_("The game is over."),
    'status_agenda': N_("{name} chooses an agenda card."),
    'status_agenda_you': N_("You choose an agenda card."),
    'status_agenda_bot': N_("{name} is choosing an agenda card."),
    'status_to_move': N_("{name} to move"),
    'status_to_move_you': N_("Your move"),
    'status_mode': N_(" · {mode} mode"),
    'status_cost': N_(" · next Spend costs {n}"),
    'status_final_turns': N_(" · final turns"),
    'undo': N_("↶ Undo"),
    'why_undo_none': N_("Nothing to undo yet: you have not played an action."),
    'pause_bots': N_("❚❚ Pause bots"),
    'resume_bots': N_("▶ Resume bots"),
    'bot_step': N_("Bot: one action ▸"),
    'why_no_bot': N_("No bot is to move now."),
    'new_game': N_("New game"),
    'new_game_confirm': N_("Yes, start a new game"),
    'cancel': N_("Cancel"),
    'not_allowed': N_("Not allowed:"),

    # the game: turn controls
    'controls_label': N_("Your turn"),
    'modes_label': N_("Spend or Gain"),
    'mode_spend': N_("Spend"),
    'mode_gain': N_("Gain"),
    'mode_spend_note': N_("pay 1, then 2 per move"),
    'mode_gain_note': N_("take a spot's energy, one move"),
    'spots_label': N_("Trend spots"),
    'tiles_label': N_("Your award tiles"),
    'your_tiles': N_("Your tiles:"),
    'end_turn': N_("End turn ✓"),
    'source_spend': N_("Spend on {trend}"),
    'source_gain': N_("Gain from {trend}"),
    'source_free': N_("Free Action: {trend}"),
    'source_move': N_("Move To: {family}"),
    'source_ext': N_("+3 Spaces"),
    'why_over': N_("The game is over."),
    'why_wait_bot': N_("Wait: {name} is playing."),
    'why_not_turn': N_("It is not your turn."),
    'why_agenda_first': N_("First keep one of your agenda cards."),
    'why_discover_first': N_("First discover this element on a goal card, or decline."),
    'why_mode_chosen': N_("This turn is a {mode} turn: the choice is made."),
    'why_spend_energy': N_("You have {n} energy; a Spend costs {cost}. Choose Gain to take energy."),
    'why_spend_none': N_("No Spend is possible from here now."),
    'why_gain_none': N_("No Gain is possible from here now."),
    'why_mode_first': N_("Choose Spend or Gain first."),
    'why_gained': N_("You gained this turn: no more paid moves (award tiles still work)."),
    'why_trend_none': N_("This trend cannot take your flask anywhere with a {mode} now."),
    'why_tile': N_("This tile cannot be used now."),
    'why_end_move_first': N_("Move your flask first: choose Spend or Gain, then a trend."),
    'next_pick_trend': N_("Click a trend to see where it takes your flask."),
    'next_choose_mode': N_("Choose Spend or Gain for this turn."),
    'next_gain_only': N_("{why}"),
    'next_spend_only': N_("Choose Spend for this turn."),
    'next_again_or_end': N_("Click a trend to move again, or end the turn."),
    'next_tile_or_end': N_("Use an award tile, or end the turn."),
    'next_tile': N_("Use an award tile."),
    'next_end_after_gain': N_("You gained this turn: no more paid moves. End the turn."),
    'next_end_no_energy': N_("No energy left for another Spend: end the turn."),
    'next_end': N_("End the turn."),
    'next_nothing': N_("Nothing to do here now."),
    'prompt_over': N_("Final scores are above."),
    'prompt_bot': N_("{name}{kind} is playing…"),
    'prompt_bot_paused': N_("{name}{kind} is playing — paused. Press “Bot: one action” or “Resume bots”."),
    'prompt_their_turn': N_("{name}'s turn."),
    'prompt_their_turn_you': N_("Your turn."),
    'prompt_agenda': N_("Keep one agenda card: it scores at the end and stays secret."),
    'prompt_discover': N_("Discover this element on a goal card (one research cube), or decline."),
    'prompt_click_cells': N_("{what}: click {cells}."),
    'prompt_no_cells': N_("{what}: no cell can be reached now."),
    'bot_tag': N_("{kind} bot"),
    'bot_kind_search': N_("search"),
    'bot_kind_greedy': N_("greedy"),
    'bot_kind_random': N_("random"),
    'agenda_keep_one': N_("Your agenda cards (keep one):"),
    'agenda_name': N_("Agenda {id}"),
    'keep_agenda': N_("Keep this card"),
    'keep_agenda_which': N_(": agenda {id}"),
    'discover_for': N_("Discover {symbol} for"),
    'decline': N_("Decline (keep the cube)"),
    'victim_question': N_("The spot is empty: take 1 energy from whom?"),
    'victim_from': N_("From {name}"),
    'take2_question': N_("Take 2 Energy: from which spots?"),
    'take2_two': N_("2 from {trend}"),
    'take2_one': N_("1 from {trend}"),

    # the game: board
    'game_board': N_("Game board"),
    'board_scroll_label': N_("Game board (scrolls sideways)"),
    'label_cubes': NP_("goal cube for {cards}", "goal cubes for {cards}"),
    'label_flask': N_("{whose} flask"),
    'label_flask_to_move': N_("{whose} flask (to move)"),
    'label_reach_steps': N_("reachable in {steps}: press to move here"),
    'label_reach': N_("reachable: press to move here"),
    'label_track': N_("end here: +1 level on the track"),
    'legend_flask': N_(" flask"),
    'legend_cube': N_(" goal cube (card colour)"),
    'legend_reach': N_(" reachable (number: steps)"),
    'legend_track': N_(" end here: +1 level on the track"),
    'legend_current': N_(" flask to move"),
    'legend_landed': N_(" last move"),

    # the game: cards, players, tracks, log
    'goal_cards': N_("Goal cards"),
    'no_card_left': N_("no card left"),
    'difficulty': N_("difficulty {n}"),
    'colour_green': N_("green card"),
    'colour_blue': N_("blue card"),
    'colour_purple': N_("purple card"),
    'colour_pink': N_("pink card"),
    'points_short': N_("{n} pts"),
    'discovered_by': N_("discovered by {names}"),
    'not_discovered': N_("not discovered yet"),
    'players': N_("Players"),
    'energy': N_("Energy"),
    'research_cubes': N_("Research cubes"),
    'cubes_value': N_("{left} left, {on} on cards"),
    'achievement': N_("Achievement"),
    'aa_value': N_("{points} pts (level {level})"),
    'lab_points': N_("Lab points"),
    'goal_cards_won': N_("Goal cards"),
    'cards_won': N_("{n} ({points} pts)"),
    'tiles': N_("Tiles"),
    'microscope': N_("Microscope"),
    'microscope_value': N_("{here} → next: {next}"),
    'to_move': N_("to move"),
    'at_cell': N_("at {symbol}"),
    'agenda_secret': N_("Your agenda card (secret)"),
    'tracks': N_("Tracks"),
    'ring_title': N_("Element group track (clockwise, back to 1)"),
    'microscope_of': N_("{name}'s microscope"),
    'microscopes_here': N_("microscopes: {names}"),
    'aa_title': N_("Academic Achievement track"),
    'markers_here': N_("markers: {names}"),
    'aa_max': N_("max {n}"),
    'log_title': N_("Game log"),
    'log_label': N_("Game log, newest first"),
    'show_notation': N_("Show notation"),
    'round_short': N_("R{n}"),
    'setup_short': N_("setup"),
    'earlier_actions': N_("… {n} earlier actions"),

    # the game: the end
    'final_title': N_("Final scores"),
    'score_printed': N_("Goal cards (printed points)"),
    'score_lab': N_("Lab points"),
    'score_aa': N_("Academic Achievement"),
    'score_cubes': N_("Cubes on unfinished cards"),
    'score_agenda': N_("Agenda card"),
    'score_total': N_("Total"),
    'winner_tag': N_("★ winner"),
    'objective_points': N_("{text}: {n} pts"),
    'counts_cards': N_("counts {cards}"),
    'uses_no_cards': N_("uses no cards"),
    'no_card_counted': N_("no card counted"),
    'not_counted': N_("not counted by the agenda: {cards}"),
    'no_goal_cards': N_("no goal cards"),
    'agenda_scored': N_("{name}: agenda {id} = {n} pts"),
    'completed_list': N_("Completed: {cards}."),
    'assignment_note': N_("Each completed card counts for one objective only; the best assignment is shown."),
    'shared_win': N_("Shared win: {names}"),
    'wins': N_("{name} wins!"),
    'wins_you': N_("You win!"),

    # the game: how to play
    'help_title': N_("How to play"),
    'help_close': N_("Close"),
    'help_points_title': N_("Where points come from"),
    'help_points': N_("Goal cards: discover every element of a compound card (one research cube each) and the card is yours, with its printed points.\nLab points: your research cubes on a card someone else completes score for you.\nThe Academic Achievement track: end your turn on an element of the next family of the element-group track; your microscope moves on and you climb a level (0, 2, 4, 7, 10, 14, 18, 23, 28 points).\nThe agenda card you keep: its objectives score the cards you completed (each card counts once).\nCubes left on unfinished cards still count a little at the end."),
    'help_turn_title': N_("How a turn works"),
    'help_turn': N_("Choose Spend (pay 1 energy, then 2, for each move) or Gain (take all the energy on one trend's spot and make that one move).\nClick a trend: the cells it can take your flask to light up, with their distance. Click one to move.\nLanding on a goal cube? Discover that element for a card, or decline.\nAward tiles (under the trends) give free moves. End the turn when you are done; a cell marked ▲ moves you up the track if you end there."),
    'help_more': N_("All the rules, with every decision this game makes:"),
    'rules_link': N_("the rules (opens a page)"),

    # the game: resume
    'resume_title': N_("A saved game"),
    'resume_question': N_("Your game in this browser was saved."),
    'resume_new': N_("Start a new one"),
    # the trend chart
    'chart_property': N_("Property"),
    'chart_along': N_("Show"),
    'chart_period': N_("Across a period"),
    'chart_group': N_("Down a group"),
    'chart_number_period': N_("Period"),
    'chart_number_group': N_("Group"),
    'chart_table': N_("The numbers as a table"),
    'chart_step': N_("Step the arrow's way"),
    'chart_with_arrow': N_("with the arrow"),
    'chart_against_arrow': N_("against the arrow"),
    'chart_equal': N_("equal values"),
    # the trend explorer
    'element': N_("Element"),
    'element_box_label': N_("Element: a symbol, a name or an atomic number, then Enter"),
    'trend': N_("Trend"),
    'trend_title': N_("{trend}: steps {directions}"),
    'steps': N_("Steps"),
    'steps_title': N_("A movement is 1–5 steps; the +3 Spaces tile extends it up to 8"),
    'overlay': N_("Overlay"),
    'overlay_none': N_("none"),
    'explorer_board': N_("Game board: choose an element"),
    'explorer_scroll_label': N_("Periodic board (scrolls sideways)"),
    'report_label': N_("What the real data does"),
    'report_title': N_("From {symbol}: {trend}, up to {steps}"),
    'n_reachable': NP_("{n} cell reachable.", "{n} cells reachable."),
    'claim_atomic_number': N_("Each step changes the atomic number by one, so every move agrees by construction."),
    'claim_rises': N_("The arrow says {what} rises along it. {symbol}: {value}."),
    'claim_falls': N_("The arrow says {what} falls along it. {symbol}: {value}."),
    'tally_agree': N_("✓ {n} agree"),
    'tally_equal': N_("= {n} equal"),
    'tally_disagree': N_("✗ {n} disagree"),
    'tally_unknown': N_("? {n} no data"),
    'verdict_agrees': N_("agrees"),
    'verdict_equal': N_("equal: no change"),
    'verdict_disagrees': N_("disagrees"),
    'verdict_unknown': N_("no data"),
    'against_title': N_("Single steps inside this region that go against the arrow"),
    'against_none': N_("No single step inside this region goes against the arrow."),
    'explorer_status': N_("{cell}: {trend} reaches {cells} in up to {steps}; the data agrees for {agrees}, disagrees for {disagrees}."),
    'overview_title': N_("All five trends at once (click one to choose it)"),
    'overview_board': N_("Overview: {trend}"),
    'overview_from': N_(" from {symbol}"),
    'atomic_number': N_("Atomic number"),
    'no_data': N_("no data"),
    'source_is': N_("Source: {source}"),
    'reachable_in': N_("Reachable in"),
    'reachable_in_steps': N_("reachable in {steps}"),
    'chosen': N_("chosen"),
    'not_on_board': N_("not on the game board"),
    # hear a trend, cells that describe themselves, speaking aloud (issue 33)
    'sound_group': N_("Hear the trend"),
    'sound_hint': N_("Higher pitch, larger value. A click marks a step that goes against the arrow. On the board, P plays the focused cell's period and G its group."),
    'play_period': N_("▶ Play period {n}"),
    'play_group': N_("▶ Play group {n}"),
    'play_path': N_("▶ Play the move"),
    'play_reach': N_("▶ Play the reachable cells"),
    'n_notes': NP_("{n} note", "{n} notes"),
    'what_period': N_("{what} across period {n}"),
    'what_group': N_("{what} down group {n}"),
    'what_path': N_("{what} along the move from {symbol}"),
    'playing': N_("Playing {what}: {notes}, from {low} to {high}."),
    'playing_against': N_("Against the arrow: {steps}."),
    'playing_none_against': N_("No step goes against the arrow."),
    'playing_rests': N_("No data, silent: {symbols}."),
    'voicing': N_("Speak aloud"),
    'voicing_on': N_("Speaking aloud."),
    'describe_value': N_("{symbol}, {what} {value}"),
    'line_period': N_("period {n}"),
    'line_group': N_("group {n}"),
    'rank_lowest': N_("lowest in {line}"),
    'rank_highest': N_("highest in {line}"),
    'rank_nth': N_("{rank} of {n} from the lowest in {line}"),
    'rank_only': N_("the only value in {line}"),
    'arrow_agrees': N_("from {from} the arrow and the data agree: {before} to {after}"),
    'arrow_disagrees': N_("from {from} the data goes against the arrow: {before} to {after}"),
    'arrow_equal': N_("from {from} the value does not change: {before}"),
    'arrow_unknown': N_("from {from} there is no data to check the arrow"),
    'families_legend': N_("Families:"),
    # the shared board
    'board_label': N_("Periodic board"),
    'cell_label': N_("{name}, {symbol}, atomic number {z}"),
    'period_n': N_("Period {n}"),
    'fblock_title': N_("Lanthanides / actinides: not on the game board"),
    'fblock_label': N_("Lanthanides and actinides: not on the game board"),
    'fblock_caption': N_("Lanthanides and actinides — not on the game board"),
    'family_alkali_metals': N_("alkali metal"),
    'family_alkaline_earth_metals': N_("alkaline earth metal"),
    'family_transition_metals': N_("transition metal"),
    'family_post_transition_metals': N_("post-transition metal"),
    'family_metalloids': N_("metalloid"),
    'family_other_nonmetals': N_("other nonmetal"),
    'family_halogens': N_("halogen"),
    'family_noble_gases': N_("noble gas"),
    'family_lanthanides': N_("lanthanide"),
    'family_actinides': N_("actinide"),

    # the element card
    'card_label': N_("Element card: {name}"),
    'fact_atomic_mass': N_("Atomic mass"),
    'fact_electronegativity_pauling': N_("Electronegativity (Pauling)"),
    'fact_electronegativity_allen': N_("Electronegativity (Allen)"),
    'fact_ionization_energy_ev': N_("First ionization energy"),
    'fact_atomic_radius_pm': N_("Atomic radius (Clementi, calc.)"),
    'fact_covalent_radius_pm': N_("Covalent radius"),
    'fact_electron_affinity_ev': N_("Electron affinity"),
    'fact_density_g_cm3': N_("Density"),
    'fact_discovery_year': N_("Discovered"),
    'missing_unknown': N_("unknown"),
    'missing_not_measured': N_("not measured"),
    'missing_not_calculated': N_("not calculated"),
    'missing_antiquity': N_("known since antiquity"),
    'en_scales': N_("Electronegativity: Pauling's scale has no unit (F 3.98); Allen's is an energy in eV (times 0.169 ≈ Pauling)."),
    'shells_title': N_("Electron shells of {symbol}: {shells}"),
    # the element card's successive ionization energies (periodic_edu.ionization)
    'ie_title': N_("Successive ionization energies of {symbol}"),
    'ie_axis': N_("eV, log scale"),
    'ie_stage_axis': N_("electron removed: 1st, 2nd, …"),
    'ie_summary': N_("{symbol}: {count} successive ionization energies, from {first} eV to {last} eV. Leaps, where the next electron is held much more tightly: {jumps}."),
    'ie_jump_item': N_("after electron {n}, ×{ratio} (shell {from} → shell {to})"),
    'ie_leap_subshell': N_("after electron {n}, ×{ratio} (within one shell: {from} → {to})"),
    'ie_quiet_shell': N_("After electron {n} the shell changes ({from} → {to}) with no leap (×{ratio}): the 4s and 3d electrons lie close in energy."),
    'ie_no_jumps': N_("none, all electrons are in one shell"),
    'ie_table': N_("The values"),
    'ie_col_stage': N_("Electron"),
    'ie_col_energy': N_("Energy (eV)"),
    'ie_col_shell': N_("From shell"),
    'ie_none': N_("Successive ionization energies: in this kit for H to Kr (Z 1–36)."),
    'year_bce': N_("{year} BCE"),
    'position_fblock': N_("Period {period} · f-block (no group)"),
    'position': N_("Period {period} · Group {group}"),
    'on_board': N_("on the game board"),
    'electrons': N_("Electrons:"),
    'shells_list': N_("shells {shells}"),
    'valence_n': N_("{n} valence"),
    'sources_n': N_("Sources [1–{n}]"),
    'melts': N_("Melts"),
    'boils': N_("Boils"),
    'no_melt': N_("does not melt at 1 atm"),
    'state_at': N_("{state} at 25 °C"),
    'state_unknown': N_("state at 25 °C unknown"),
    'state_solid': N_("solid"),
    'state_liquid': N_("liquid"),
    'state_gas': N_("gas"),

    # overlay properties of the explorer (Python translates widgets._payload.PROPERTIES)
    'property_ionization_energy_ev': N_("First ionization energy"),
    'property_electronegativity_pauling': N_("Electronegativity (Pauling)"),
    'property_electronegativity_allen': N_("Electronegativity (Allen)"),
    'property_atomic_radius_pm': N_("Atomic radius (Clementi 1967, calculated)"),
    'property_covalent_radius_pm': N_("Covalent radius (Cordero 2008)"),
    'property_atomic_mass': N_("Atomic mass"),
    'property_electron_affinity_ev': N_("Electron affinity"),
    'property_melting_point_k': N_("Melting point"),
    'property_boiling_point_k': N_("Boiling point"),
    'property_density_g_cm3': N_("Density"),
    'property_discovery_year': N_("Discovery year"),

    # the teacher's page (widgets_js/classroom.js)
    'teacher_title': N_("Teacher's page"),
    'teacher_title_class': N_("Teacher's page: class {code}"),
    'teacher_language': N_("Language"),
    'teacher_projector': N_("Projector mode"),
    'teacher_close': N_("Close the class on this page"),
    'teacher_open_head': N_("Open a class"),
    'teacher_open_hint': N_("Type the class code and the teacher key that were printed when "
                            "the class was created. Students never need the key."),
    'teacher_code': N_("Class code"),
    'teacher_key': N_("Teacher key"),
    'teacher_open': N_("Open the class"),
    'teacher_new_head': N_("Create a class"),
    'teacher_game': N_("Game"),
    'teacher_tables': N_("Tables"),
    'teacher_seats': N_("Seats at each table"),
    'teacher_edition': N_("Board edition"),
    'teacher_idle_minutes': N_("A bot plays for a student who has not moved for (minutes)"),
    'teacher_duplicate': N_("Duplicate deal: every table gets the same deal"),
    'teacher_create': N_("Create the class"),
    'teacher_room_key': N_("Room key (printed when the server started)"),
    'teacher_created_key': N_("Write down the teacher key now: it is shown only once, and it "
                              "opens this page again. Never show it to the class."),
    'teacher_dismiss': N_("I have written it down"),
    'teacher_controls': N_("Class controls"),
    'teacher_pause': N_("Pause the class"),
    'teacher_resume': N_("Resume the class"),
    'teacher_paused_banner': N_("The class is paused: every table refuses moves until you "
                                "resume."),
    'teacher_show_results': N_("Show the results"),
    'teacher_end': N_("End the class…"),
    'teacher_end_warning': N_("Ending deletes the class: every table, name and result."),
    'teacher_end_confirm': N_("Yes, end and delete the class"),
    'teacher_cancel': N_("Cancel"),
    'teacher_join_with': N_("Join with the class code"),
    'teacher_room_head': N_("The tables"),
    'teacher_waiting': N_("waiting for players"),
    'teacher_over': N_("the game is over"),
    'teacher_round': N_("round {n}"),
    'teacher_to_move': N_("{name} to move"),
    'teacher_to_move_for': NP_("{name} to move, for {n} minute",
                               "{name} to move, for {n} minutes"),
    'teacher_empty_seat': N_("{where}: empty"),
    'teacher_bot': N_("bot ({bot})"),
    'teacher_stand_in': N_("a bot ({bot}) stands in"),
    'teacher_connected': N_("connected"),
    'teacher_away': N_("not connected"),
    'teacher_points': NP_("{n} point", "{n} points"),
    'teacher_hand_to_bot': N_("Hand to a bot"),
    'teacher_hand_to_bot_seat': N_("Hand to a bot: {where}"),
    'teacher_hand_back': N_("Hand back"),
    'teacher_hand_back_seat': N_("Hand back: {where}, to its player"),
    'teacher_remove': N_("Remove"),
    'teacher_remove_seat': N_("Remove: the player at {where}"),
    'teacher_move': N_("Move"),
    'teacher_move_to': N_("Move to"),
    'teacher_move_seat': N_("Move the player at {where} to the chosen table"),
    'teacher_against_head': N_("Against the data"),
    'teacher_against_intro': N_("Moves where the game's arrow and the real data disagree: a "
                                "prompt for discussion."),
    'teacher_no_against': N_("No move has gone against the data yet."),
    'teacher_start': N_("Start now"),
    'teacher_start_table': N_("Start now: {table}; bots fill the empty seats"),
    'teacher_refusals_head': N_("What the class gets wrong"),
    'teacher_no_refusals': N_("No move has been refused yet."),
    'teacher_times': NP_("{n} time", "{n} times"),
    'teacher_by_table': N_("By table: {list}"),
    'teacher_by_student': N_("By student: {list}"),
    'teacher_results_head': N_("Results"),
    'teacher_results_duplicate': N_("Duplicate deal: each seat is compared with the same seat "
                                    "at the other tables, which had the same cards."),
    'teacher_results_own': N_("Each table had its own deal: compare seats with care."),
    'teacher_no_results': N_("No table has started yet."),
    'teacher_col_seat': N_("Seat"),
    'teacher_col_score': N_("Score"),
    'teacher_col_table_rank': N_("Rank at the table"),
    'teacher_col_seat_rank': N_("Rank among the same seats"),
    'teacher_col_vs': N_("Difference from the same seats' average"),
    'teacher_chart_title': N_("Each seat against the same seat at the other tables"),
    'teacher_chart_desc': N_("Bars to the right: more points than the average of the same "
                             "seat at every table; to the left: fewer. The table above has "
                             "the same numbers."),
    'teacher_csv': N_("Download the results (CSV)"),
    'teacher_watch': N_("Watch"),
    'teacher_watch_table': N_("Watch: {table}, its public view"),
    'teacher_watch_head': N_("Watching {table}: what every player can see"),
    'teacher_watch_stop': N_("Stop watching"),
    'teacher_watch_flask': N_("flask on {cell}"),
    'teacher_watch_energy': NP_("{n} energy token", "{n} energy tokens"),
    'teacher_watch_cubes': NP_("{n} research cube left", "{n} research cubes left"),
    'teacher_watch_cards': NP_("{n} goal card completed", "{n} goal cards completed"),
    'teacher_watch_aa': N_("Academic Achievement {n}"),
    'teacher_watch_hand': NP_("{n} card in hand", "{n} cards in hand"),
    'teacher_watch_bonds': NP_("{n} compound", "{n} compounds"),
    'teacher_watch_bond_points': NP_("{n} bond point", "{n} bond points"),
    # class play: "Join a class game" (widgets_js/class_play.js)
    'class_heading': N_("Join a class game"),
    'class_intro': N_("Your teacher shows a class code. Type it and a name you choose (not your "
                      "real name if you prefer)."),
    'class_code': N_("Class code"),
    'class_name': N_("Your name in the game"),
    'class_join': N_("Join"),
    'class_rejoin_heading': N_("Rejoin with your PIN"),
    'class_rejoin_intro': N_("On a new device: the class code, the same name and your seat PIN."),
    'class_pin': N_("Seat PIN"),
    'class_rejoin': N_("Rejoin"),
    'class_where': N_("Class {code}, table {table}, seat {seat}: you play as {name}."),
    'class_pin_note': N_("Your seat PIN is {pin}. Write it down: with it you can rejoin from "
                         "another device."),
    'class_waiting': N_("Waiting for the game to start: it starts when the table is full or "
                        "when your teacher starts it."),
    'class_table': N_("At your table"),
    'class_connected': N_("connected"),
    'class_away': N_("not connected"),
    'class_self': N_("you"),
    'class_bot': N_("{kind} bot"),
    'class_stand_in': N_("a bot plays for now"),
    'class_to_move': N_("to move"),
    'class_your_turn': N_("It is your turn."),
    'class_turn_of': N_("{name} is to move."),
    'class_over': N_("The game is over."),
    'class_paused': N_("Your teacher has paused the class."),
    'class_stood_in': N_("You were away, so a bot played for you. Press the button to play "
                         "again yourself."),
    'class_back': N_("I'm back"),
    'class_leave': N_("Leave this seat on this device"),
    'class_no_server': SITE_NO_CLASS_PLAY,

}

#: The dashboard's own words (periodic_edu/widgets/dashboard.py).
DASHBOARD = {
    "title": N_("Periodic: play with the periodic table"),
    # the one line the introduction folds into (it opens on demand)
    "about": N_("What is on this page?"),
    "intro": N_("Explore trends: pick an element and a trend to see where the game lets the "
                "flask go, next to the real data. Element cards: any of the 118 elements with "
                "units and sources. Play: a whole game of Periodic against the computer. "
                "Elemonster: duels and bonds with element cards against the computer."),
    "tab_explore": N_("Explore trends"),
    "tab_cards": N_("Element cards"),
    "tab_play": N_("Play"),
    "language": N_("Language"),
    "element": N_("Element"),
    "players": N_("Players"),
    "opponents": N_("Opponents"),
    "edition": N_("Edition"),
    "edition_en": N_("English"),
    "edition_uk": N_("Ukrainian"),
    "length": N_("Length"),
    "rounds_8": N_("8 rounds (a lesson)"),
    "rounds_15": N_("15 rounds"),
    "rounds_none": N_("no limit"),
    "bot_search": N_("Search bot"),
    "bot_greedy": N_("Greedy bot"),
    "bot_random": N_("Random bot"),
    "choice_search": N_("Search bot (strongest)"),
    "choice_greedy": N_("Greedy bot"),
    "choice_random": N_("Random bot (easiest)"),
    "start": N_("Start a game with these settings"),
    "confirm": N_("A game is in progress ({where}). Start a new one and lose it?"),
    "where_setup": N_("setup"),
    "where_round": N_("round {n}"),
    "yes": N_("Yes, start a new game"),
    "no": N_("Keep playing"),
    "code": N_("Class code"),
    "code_hint": N_("e.g. K7Q2-M9XD (empty: a deal of your own)"),
    "new_code": N_("New class code"),
    "code_note": N_("Everyone who types {code} gets the same deal."),
}

#: Sentences of the game log written by the widget itself (periodic_edu/game_story.py).
GAME_LOG = {
    "agenda_kept": N_("kept one of the agenda cards dealt (it stays secret until the end)"),
    # what an action caused that the whole table sees (a "_you" key: the person's own seat)
    "completed": NP_("{name} completed {card} for {n} point", "{name} completed {card} for {n} points"),
    "completed_you": NP_("You completed {card} for {n} point", "You completed {card} for {n} points"),
    "tile": N_("{name} took a {tile} award tile"),
    "tile_you": N_("You took a {tile} award tile"),
    "lab": NP_("{name} scored {n} lab point for research cubes on a card someone else completed",
               "{name} scored {n} lab points for research cubes on a card someone else "
               "completed"),
    "lab_you": NP_("You scored {n} lab point for research cubes on a card someone else completed",
                   "You scored {n} lab points for research cubes on a card someone else "
                   "completed"),
    # TRANSLATORS: {group} is an element family; the plural form follows {after}
    "microscope": NP_("{name}'s microscope moved on to the {group}: Academic Achievement "
                      "{before} → {after} point",
                      "{name}'s microscope moved on to the {group}: Academic Achievement "
                      "{before} → {after} points"),
    "microscope_you": NP_("Your microscope moved on to the {group}: Academic Achievement "
                          "{before} → {after} point",
                          "Your microscope moved on to the {group}: Academic Achievement "
                          "{before} → {after} points"),
    "new_card": N_("new goal card face up: {card}"),
    "slot_empty": N_("a goal slot stays empty: no card of that colour is left"),
    "trigger": N_("the end is triggered by {name}: {why}; every other player takes one more "
                  "turn"),
    "trigger_you": N_("the end is triggered by you: {why}; every other player takes one more "
                      "turn"),
    "trigger_stack": N_("a goal stack could not refill a completed card"),
    "trigger_track": N_("two players reached 23 or more on the Academic Achievement track"),
    "over": N_("the game is over"),
    "over_why": N_("the game is over: {why}"),
    "ended_final_turns": N_("every other player has had one more turn"),
    "ended_round_limit": N_("the round limit is reached"),
}

#: What the widgets' Python side writes in a page's error line: refusals of the game, the
#: guard of every widget (widgets/_base.py) and the checks of values a page sends
#: (widgets/_checks.py). {value} is what the page sent, shown as it was.
PAGE = {
    # every widget's guard
    "read_only": N_("{name} is read-only"),
    "bad_message": N_("a message from the page was malformed ({why}); nothing was changed"),
    "no_messages": N_("this widget takes no messages; nothing was changed"),
    "internal": N_("something went wrong with the last change from the page; nothing was "
                   "changed"),
    # the values a page may send
    "want_cell": N_("expected the symbol of a board cell, got {value}"),
    "f_block": N_("{value} is not on the game board: the board leaves out the f-block "
                  "(lanthanides 57-71 and actinides 89-103)"),
    "unknown_symbol": N_("unknown element symbol {value}"),
    "want_element": N_("expected an element symbol, name or atomic number, got {value}"),
    "unknown_element": N_("unknown element {value}"),
    "unknown_trend": N_("unknown trend {value}: choose one of {choices}"),
    "want_steps": N_("must be a whole number from 1 to {max}, not {value}"),
    "unknown_property": N_("unknown property {value}: choose '' or one of {choices}"),
    "unknown_chart_property": N_("unknown property {value}: choose one of {choices}"),
    "want_along": N_("along must be 'period' or 'group', not {value}"),
    "want_number": N_("must be a period (1-7) or a group (1-18), not {value}"),
    "want_period": N_("period must be 1..7, not {value}"),
    "want_group": N_("group must be 1..18, not {value}"),
    # the game
    "bot_turn_play": N_("it is {name}'s turn, a {kind} bot; let it play"),
    "over_no_bot": N_("the game is over: no bot is to move"),
    "not_bot_turn": N_("it is {name}'s turn, not a bot's"),
    "save_gone": N_("that saved game is no longer there (saves expire after a day); this game "
                    "goes on"),
    "save_damaged": N_("that saved game is damaged and cannot be resumed; this game goes on"),
    "over_new_game": N_("the game is over: start a new game"),
    "bot_turn_act": N_("it is {name}'s turn ({kind} bot); the browser plays only for people"),
    "went_wrong": N_("something went wrong ({what}); the game is unchanged"),
    "not_saved": N_("the game could not be saved ({what}); play goes on"),
    "undo_nothing": N_("nothing to undo: no person has played an action yet"),
    "undo_revealed": N_("Undo is off: since your last action, {what}; undo never takes back "
                        "what the table has seen"),
    "reveal_goal_card": N_("a goal card was turned face up"),
    "reveal_award_tile": N_("an award tile was drawn"),
    "reveal_agendas": N_("the game ended and every agenda card was shown"),
    "moved_away": N_("this game continues in another tab (it was resumed there); here you "
                     "can start a new game"),
    "resume": N_("Resume your game"),
    "resume_summary": N_("Resume your game ({when}, {who})"),
    "versus": N_("{people} vs {bots}"),
    # the grid directions of a trend (the trend explorer's tooltips: "{trend}: steps up and right")
    "dir_up": N_("up"),
    "dir_down": N_("down"),
    "dir_left": N_("left"),
    "dir_right": N_("right"),
    "dir_atomic_number": N_("along the atomic numbers, in one direction"),
    # the trend chart's own sentences (widgets/trend_chart.py: its title, axes and summary)
    "chart_across": N_("{label} across period {n}"),
    "chart_down": N_("{label} down group {n}"),
    "chart_x_period": N_("Group (period {n}, left to right)"),
    "chart_x_group": N_("Period (group {n}, top to bottom)"),
    "chart_arrow": N_("{trend}: rises this way"),
    "chart_no_arrow": N_("The game has no trend for this property."),
    "chart_desc": NP_("{count} element, {known} with data. {verdicts}",
                      "{count} elements, {known} with data. {verdicts}"),
    "chart_verdicts": N_("Against the game's arrow: {against}."),
    "chart_all_agree": N_("Every step goes the way the game's arrow says."),
    "chart_both": N_("give period or group, not both"),
    # the printable matplotlib figures (widgets/figures.py: plot_board, plot_trend)
    "fig_board": N_("The game board: 88 cells"),
    "fig_reach": NP_("{trend} from {start} (up to {n} step)",
                     "{trend} from {start} (up to {n} steps)"),
    "fig_off_board": N_("Lanthanides and actinides — not on the game board"),
    "fig_hatched": N_("{label} — hatched: no data"),
    "fig_z": N_("Atomic number Z"),
    "fig_against_z": N_("{label} against atomic number"),
    "fig_on_board": N_("on the game board"),
    "fig_f_block": N_("f-block (not on the board)"),
    "fig_game_trend": N_("Game trend: {trend} (steps {directions})"),
    "fig_no_data": N_("no data"),
    "fig_against": N_("against the arrow: {steps}"),
    # the teacher's page (widgets/classroom_widget.py)
    "teacher_wrong_key": N_("that class code and teacher key do not open a class; nothing of "
                            "a class is shown"),
    "teacher_no_class": N_("open a class first: its code and the teacher key"),
    "teacher_room_key_wrong": N_("creating a class needs the room key that was printed when "
                                 "the server started; no class was created"),
    "teacher_too_many_classes": N_("the room holds {n} classes already, the most it keeps: end "
                                   "a class (or delete old ones on the server's computer) "
                                   "first; no class was created"),
    "teacher_opened": N_("Class {code} is open."),
    "teacher_created": N_("Class {code} is created and open."),
    "teacher_closed": N_("The class is closed on this page."),
    "teacher_paused": N_("The class is paused: every table refuses moves."),
    "teacher_resumed": N_("The class goes on."),
    "teacher_started": N_("Table {table} has started; bots fill its empty seats."),
    "teacher_to_bot": N_("{where} is played by a bot now."),
    "teacher_to_person": N_("{where} is back with its player."),
    "teacher_removed": N_("{where} is free again."),
    "teacher_moved": N_("The player at {where} moved to {table}."),
    "teacher_against_title": N_("{trend}, from {source} to {target}"),
    "teacher_against_lower": N_("the data: {property} is lower at {target} ({after}) than at "
                                "{source} ({before})"),
    "teacher_against_higher": N_("the data: {property} is higher at {target} ({after}) than "
                                 "at {source} ({before})"),
    "teacher_ended": N_("Class {code} is ended and deleted."),
    "teacher_news_over": N_("{table}: the game is over."),
    "teacher_news_stand_in": N_("{where}: a bot stands in for a student who has not moved."),
    "teacher_news_away": N_("{where}: the student's device is no longer connected."),
    "teacher_watch_waiting": N_("table {table} has not started: there is nothing to watch yet"),
    "teacher_table": N_("Table {table}"),
    "teacher_table_seat": N_("Table {table}, seat {seat}"),
    "teacher_group_trend": N_("Trend: {trend}"),
    "teacher_group_value": N_("Duel value: {value}"),
    "teacher_group_rule": N_("Rule: {rule}"),
    "teacher_notation": N_("{action} is not a move the game can read"),
    "teacher_unknown_rule": N_("a rule this version does not know ({rule})"),
    "teacher_csv_table": N_("table"),
    "teacher_csv_seat": N_("seat"),
    "teacher_csv_name": N_("name"),
    "teacher_csv_bot": N_("bot"),
    "teacher_csv_score": N_("score"),
    "teacher_csv_over": N_("game over"),
    "teacher_csv_table_rank": N_("rank at the table"),
    "teacher_csv_seat_rank": N_("rank among the same seats"),
    "teacher_csv_vs_seat_average": N_("difference from the same seats' average"),
    # class play: a student's seat (periodic_edu/widgets/class_seat.py)
    "class_moved_on": N_("The table moved on: another move came first. Here is the new state."),
    "class_refused": N_("{why}"),
    "class_no_undo": N_("At a class table a move cannot be undone: the others have seen it."),
    "class_no_new_game": N_("At a class table the teacher starts the games."),
    "class_not_started": N_("The game at your table has not started yet."),
    "class_other_game": N_("This class plays Elemonster: join it on the Elemonster tab."),
    "class_other_game_periodic": N_("This class plays Periodic: join it on the Play tab."),
    "class_no_server": SITE_NO_CLASS_PLAY,
    # homework (periodic_edu/widgets/homework_game.py)
    "homework_no_undo": N_("In homework a move cannot be undone: your teacher's copy replays "
                           "the game as you played it."),
}

#: Agenda objectives in a student's words (the card colours are the difficulties 1-4: green,
#: blue, purple, pink), shown on the agenda cards of the game.
OBJECTIVE_WORDS = {
    "track_levels": N_("+1 for each level you reach on the Academic Achievement track"),
    "cards": N_("+1 for each goal card you completed"),
    "difficulty:2": N_("+2 for each blue card you completed"),
    "difficulty:3": N_("+2 for each purple card you completed"),
    "difficulty:4": N_("+2 for each pink card you completed"),
    "pair:2+3": N_("+5 for each pair: one blue and one purple card you completed"),
    "pair:2+4": N_("+5 for each pair: one blue and one pink card you completed"),
    "pair:3+4": N_("+5 for each pair: one purple and one pink card you completed"),
    "set4": N_("+11 for each set of one green, one blue, one purple and one pink card you "
               "completed"),
    "set3": N_("+9 for each set of three cards of three different colours you completed"),
    "min_x3": N_("3 × the smaller of two numbers: the goal cards you completed, and your level "
                 "on the Academic Achievement track"),
}


#: The rules page the How to play panels open (periodic_edu/rules_page.py).
RULES_PAGE = {
    "english_only": N_("These rules are written in English only; there is no translation yet."),
}


#: The static site's dashboard page (site_src/dashboard.html and dashboard.js): the words it
#: shows before Python has loaded. scripts/build_site.py writes them, in every language, into
#: the site's words.json; the page picks the language of its ?lang=.
SITE = {
    "title": N_("periodic_edu dashboard"),
    "home": N_("Home"),
    "lessons": N_("Lessons"),
    "fair_head": N_("Practice, not a fair match:"),
    "fair_text": N_("here the whole game runs in your browser, so a curious player can read its "
                    "hidden information. Fine for practice against bots, or for friends sharing "
                    "one screen; for games that must stay fair, and for class play (each "
                    "student on their own device at one table), play on your class's server."),
    "loading": N_("Loading Python in your browser… {pct} %"),
    # Play and Elemonster while Python starts (the other tabs work already)
    "starting": N_("Python is starting… {pct} %"),
    "drawing": N_("Drawing the periodic table… {pct} %"),
    "ready": N_("The dashboard is ready."),
    "failed": N_("The dashboard could not start. Reload the page to try again; if it fails "
                 "again, the browser may be too old for WebAssembly Python (use a current "
                 "Chrome, Edge, Firefox or Safari)."),
    "hint": N_("This page loads about 17 MB: Python itself, to run in your browser."),
    "no_class_play": SITE_NO_CLASS_PLAY,
}


#: The static site's homework page (site_src/homework.html and homework.js, built with these
#: words in every language; periodic_edu/widgets/homework_game.py says the ones from Python).
HOMEWORK = {
    "title": N_("Homework"),
    "intro": N_("Your teacher gave you this link. Type a name, play the game to its end and "
                "hand in the result code this page makes. Nothing you do here is sent "
                "anywhere: the code is how your result reaches your teacher."),
    "name": N_("Your name (any name you choose: your teacher will see it)"),
    "step_game": N_("Play the game"),
    "step_check": N_("Answer the check"),
    "check_help": N_("For each question of the check, choose the letter of your answer and "
                     "the letter of your reason."),
    "item": N_("Question {n} ({item})"),
    "choice": N_("Answer"),
    "reason": N_("Reason"),
    "step_code": N_("Your result code"),
    "make": N_("Make my result code"),
    "code_help": N_("Give this code to your teacher: copy it, or type it. It holds your name, "
                    "your answers and your moves; your teacher's copy of the kit replays the "
                    "game and works out the score."),
    "copy": N_("Copy the code"),
    "qr": N_("The same code as a QR code: your teacher can scan it from this screen."),
    "copied": N_("The code is copied."),
    "copy_failed": N_("This browser does not allow copying here: select the code and copy it "
                      "yourself."),
    "kept": N_("Kept in this browser from your last visit."),
    "made": N_("Your result code is ready (score: {score})."),
    "no_name": N_("Type a name first."),
    "not_over": N_("Play the game to its end first: the result code holds the whole game."),
    "bad_answers": N_("An answer does not fit this check: a question it does not have, or a "
                      "letter it does not use."),
    "about_game": N_("{game}, against: {bots}."),
    "about_due": N_("Due: {due}."),
    "about_form": N_("Check: form {form}."),
    "bad_link": N_("This link holds no assignment this page can read ({why}). Ask your "
                   "teacher for the link again."),
    "ready": N_("The game is ready."),
    "failed": N_("The homework page could not start. Reload the page to try again; if it "
                 "fails again, the browser may be too old for WebAssembly Python (use a "
                 "current Chrome, Edge, Firefox or Safari)."),
}


def widget_strings(lang: str | None = None) -> dict:
    """What every widget's read-only ``strings`` trait holds: the front end's words
    (:data:`FRONT_END`) in ``lang``."""
    out = i18n.keyed_strings(FRONT_END, "widgets", lang)
    # the person's own seat is called "You" in the language the game began in: the front end
    # recognizes it in every language (a game goes on across a language switch)
    out["you_names"] = sorted({i18n.gettext("widgets", FRONT_END["you"], code)
                               for code in i18n.LANGUAGES})
    return out
