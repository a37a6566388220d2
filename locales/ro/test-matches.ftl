# Test matches: the "My test matches" page, one test match, and the form (also on a submission's page).

test-matches-mine = Meciurile mele de test
test-matches-heading = { $title }: meciurile mele de test
test-matches-intro = Un meci de test este un meci complet al trimiterii tale curente împotriva unui adversar ales de tine, cu setările acestui concurs (aceleași partide, cu părțile schimbate, ca în turneu). Se joacă înaintea cozii turneului, deci începe în câteva secunde; nu se socotește niciodată în clasament; timpul de gândire al ambilor boți se scade din bugetul tău zilnic de calcul. Un singur meci de test odată.
test-matches-no-submission = Meciurile de test îți joacă trimiterea curentă: trimite un bot și, după ce se compilează, poți rula unul aici.
test-matches-none = Niciun meci de test deocamdată.
test-matches-th-match = Meci
test-matches-th-opponent = Adversar
test-matches-th-status = Stare
test-matches-th-points = Puncte
test-matches-th-games = Partide (câștigate–egale–pierdute)
test-matches-th-asked = Cerut
test-matches-footer = Meciurile de test nu se socotesc niciodată în clasament. Liniile DEBUG ale botului tău sunt în jurnalul fiecărei partide.

# A test match's status.
test-match-status = { $status ->
    [queued] în așteptare
    [running] în desfășurare
    [done] încheiat
    [cancelled] anulat
    [failed] eșuat
   *[other] { $status }
}
test-match-title = Meciul de test { $id }
test-match-heading = Meciul de test { $id }: trimiterea { $submission } contra { $opponent }
test-match-asked = cerut { $when }
test-match-finished = încheiat { $when }
# Before the test match's status.
test-match-status-label = Stare
test-match-ahead = { $count ->
    [one] { $count } partidă de test înaintea lui în coadă
    [few] { $count } partide de test înaintea lui în coadă
   *[other] { $count } de partide de test înaintea lui în coadă
}
# $tally is won–drawn–lost, such as 3–1–2.
test-match-points = punctele tale <strong id="points">{ $points }</strong> ({ $tally } partide câștigate–egale–pierdute; 3 pentru o victorie, 1 pentru egal, 0 pentru o înfrângere, după partidele câștigate)
test-match-reloads = Această pagină se reîncarcă singură la fiecare 3 secunde până se termină meciul; deschide o partidă în desfășurare ca s-o urmărești în direct.
test-match-game = partida { $number }

test-form-no-opponent = Acest concurs nu oferă niciun adversar pentru meciuri de test.
test-form-opponent = Adversar
test-form-by-id = trimiterea cu numărul de mai jos
test-form-id-placeholder = numărul trimiterii
test-form-start = Joacă un meci de test
# $level is a house bot's level id: random, level1, level2.
test-form-house = botul casei { $level }
test-form-current = trimiterea ta curentă #{ $id }
test-form-earlier = trimiterea ta anterioară #{ $id } ({ $when })
