# Finala unui concurs: un turneu fiecare-cu-fiecare între primii din clasament, al cărui rezultat
# este clasamentul final al concursului.
finals-heading = Finala
finals-standings-heading = Clasament
finals-second-table = Al doilea tabel este clasamentul concursului, care a ales finaliștii.
finals-state-progress = Un turneu fiecare-cu-fiecare între primii { $top } din { $started }: { $over } din { $matches } meciuri ale finalei s-au încheiat.
finals-state-over = Un turneu fiecare-cu-fiecare între primii { $top } din { $started }: clasamentul final, toate cele { $matches } meciuri ale finalei s-au încheiat.
finals-admin-state = Începută { $started } între primii { $top }: { $over } din { $matches } meciuri ale finalei s-au încheiat.
finals-admin-result = Rezultatul ei este clasamentul final al concursului: <a href="{ $href }">clasament</a>.
finals-admin-explain = Un turneu final fiecare-cu-fiecare între primii studenți din clasament, cu setările de joc de mai jos modificate cum le scrieți (de ex. games=10); rezultatul lui este clasamentul final al concursului. Un concurs are o singură finală.
finals-admin-after-deadline = Finala (un turneu final între primii studenți) poate începe după termenul limită.
finals-finalists = Finaliști
finals-settings = Setări
finals-start = Începe finala
finals-notice-started = { $matches ->
    [one] Finala a început: 1 meci în coadă.
    [few] Finala a început: { $matches } meciuri în coadă.
   *[other] Finala a început: { $matches } de meciuri în coadă.
}
finals-confirm-heading = Începeți finala concursului { $title }?
finals-confirm-consequence = Primii { $top } studenți din clasament joacă un turneu final fiecare-cu-fiecare cu setările de joc ale concursului. Rezultatul este clasamentul final al concursului, afișat ca tabel separat în clasament. Un concurs are o singură finală: nu mai poate fi începută din nou.
finals-confirm-consequence-with = Primii { $top } studenți din clasament joacă un turneu final fiecare-cu-fiecare cu setările de joc ale concursului, cu { $changes }. Rezultatul este clasamentul final al concursului, afișat ca tabel separat în clasament. Un concurs are o singură finală: nu mai poate fi începută din nou.
