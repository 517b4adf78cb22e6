from slapstack.cardqueue import CardQueue


def test_queue_order_and_wrap_around():
    q = CardQueue(4, b"\x01\x02\x03")
    assert q.pop_front() == 1
    q.push_back(4)
    q.push_back(5)  # wraps in the buffer
    assert len(q) == 4
    assert q.to_bytes() == b"\x02\x03\x04\x05"
    assert q.from_back(0) == 5 and q.at(0) == 2


def test_push_front_and_pop_back():
    q = CardQueue(3)
    q.push_back(7)
    q.push_front(6)
    assert q.to_bytes() == b"\x06\x07"
    assert q.pop_back() == 7 and q.pop_back() == 6 and len(q) == 0


def test_full_and_empty_are_errors():
    q = CardQueue(1, b"\x01")
    try:
        q.push_back(2)
        assert False
    except OverflowError:
        pass
    q.pop_front()
    try:
        q.pop_front()
        assert False
    except IndexError:
        pass


def test_pile_goes_under_hand_in_play_order():
    hand = CardQueue(6, b"\x09")
    pile = CardQueue(6, b"\x01\x02\x03")  # 1 played first, 3 on top
    pile.move_all_to_back_of(hand)
    assert hand.to_bytes() == b"\x09\x01\x02\x03" and len(pile) == 0


def test_copy_to_writes_the_cards_front_first_across_the_wrap():
    q = CardQueue(4, b"\x01\x02\x03")
    q.pop_front()
    q.push_back(4)
    q.push_back(5)  # the ring wraps: 2 3 4 5
    out = bytearray(7)
    assert q.copy_to(out, 2) == 6
    assert out == bytearray(b"\x00\x00\x02\x03\x04\x05\x00")
    assert CardQueue(3).copy_to(out, 7) == 7  # an empty queue writes nothing
